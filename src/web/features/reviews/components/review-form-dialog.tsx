import { Star } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { OCCASIONS, OCCASION_LABELS, type Size } from '@domain/catalogue.rules';
import {
  FIT_LABELS,
  FITS,
  MAX_REVIEW_PHOTOS,
  REVIEW_TEXT_MAX,
  ReviewInputSchema,
  type FitDetails,
  type ReviewableRental,
} from '@domain/reviews';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { usePostReview } from '../api/post-review';
import { FitFields, fromFitForm, toFitForm, type FitFormValues } from './fit-fields';

interface FormValues {
  rating: string;
  fit: string;
  sizeWorn: string;
  occasion: string;
  text: string;
  fitDetails: FitFormValues;
}
type FieldName = 'rating' | 'fit' | 'sizeWorn' | 'occasion' | 'text' | 'photos' | `fitDetails.${keyof FitFormValues}`;

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** The review of one returned rental: rating, fit, size worn, occasion, text, up to 3 photos, and her fit details. */
export function ReviewFormDialog({
  rental,
  fit,
  open,
  onOpenChange,
}: {
  rental: ReviewableRental;
  fit: FitDetails;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Write a review"
        description={`${rental.itemName} by ${rental.brand}, size ${rental.size}`}
        className="max-w-2xl"
      >
        <ReviewForm rental={rental} fit={fit} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({ rental, fit, onDone }: { rental: ReviewableRental; fit: FitDetails; onDone: () => void }) {
  const post = usePostReview();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm<FormValues>({
    defaultValues: { rating: '', fit: '', sizeWorn: rental.size, occasion: '', text: '', fitDetails: toFitForm(fit) },
  });
  const { errors, isSubmitting } = form.formState;
  const rating = Number(useWatch({ control: form.control, name: 'rating' }) || 0);

  const setServerError = (path: string, message: string) => {
    if (path === 'photos') setPhotoError(message);
    else form.setError(path as Exclude<FieldName, 'photos'>, { message });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setPhotoError(undefined);
    const input = {
      rating: v.rating ? Number(v.rating) : undefined,
      fit: v.fit || undefined,
      sizeWorn: v.sizeWorn,
      occasion: v.occasion || null,
      text: v.text,
      fitDetails: fromFitForm(v.fitDetails),
    };
    const parsed = ReviewInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setServerError(issue.path.map(String).join('.'), issue.message);
      return;
    }
    if (photos.length > MAX_REVIEW_PHOTOS) return setPhotoError(`At most ${MAX_REVIEW_PHOTOS} photos`);
    try {
      await post.mutateAsync({ rentalId: rental.rentalId, input: parsed.data, photos });
      toast.success('Thank you for your review', { description: 'It is on the piece’s page now.' });
      onDone();
    } catch (err) {
      // The error toast comes from the query client; a named field gets its message too.
      for (const issue of err instanceof ApiClientError ? err.issues : []) setServerError(issue.path, issue.message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your review" className="mt-6 space-y-6">
      <fieldset>
        <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-sm p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink"
            >
              <input type="radio" value={String(n)} className="sr-only" {...form.register('rating')} />
              <Star aria-hidden="true" className={cn('size-7', n <= rating ? 'fill-gold text-gold' : 'text-linen')} />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.rating.message}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">How did it fit?</legend>
        <div className="flex flex-wrap gap-2">
          {FITS.map((f) => (
            <label
              key={f}
              className="cursor-pointer rounded-full border border-linen px-4 py-2 text-sm transition-colors has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink has-[:focus-visible]:ring-offset-2"
            >
              <input type="radio" value={f} className="sr-only" {...form.register('fit')} />
              {FIT_LABELS[f]}
            </label>
          ))}
        </div>
        {errors.fit && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.fit.message}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Size worn" error={errors.sizeWorn?.message}>
          <NativeSelect {...form.register('sizeWorn')}>
            {rental.sizes.map((s: Size) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Occasion (optional)" error={errors.occasion?.message}>
          <NativeSelect {...form.register('occasion')}>
            <option value="">Not given</option>
            {OCCASIONS.map((o) => (
              <option key={o} value={o}>
                {OCCASION_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <Field
        label="Your review"
        error={errors.text?.message}
        hint={`How it looked, felt and fit: 10 to ${REVIEW_TEXT_MAX} characters.`}
      >
        <Textarea maxLength={REVIEW_TEXT_MAX} {...form.register('text')} />
      </Field>

      <Field
        label={`Photos (up to ${MAX_REVIEW_PHOTOS}, optional)`}
        error={photoError}
        hint="JPEG, PNG or WebP, at most 5 MB each."
      >
        <input
          type="file"
          accept={PHOTO_TYPES}
          multiple
          className="block w-full text-sm text-taupe file:mr-4 file:cursor-pointer file:rounded-sm file:border file:border-ink/80 file:bg-transparent file:px-4 file:py-2 file:text-sm file:text-ink"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            setPhotoError(files.length > MAX_REVIEW_PHOTOS ? `At most ${MAX_REVIEW_PHOTOS} photos` : undefined);
            setPhotos(files);
          }}
        />
      </Field>

      <details className="rounded-md border border-linen px-4 py-3" open={!fit.heightCm || !fit.usualSize}>
        <summary className="cursor-pointer text-sm font-medium">Your fit details (optional)</summary>
        <p className="mt-2 mb-4 text-xs text-stone">
          Kept on your profile for next time, and used to show members like you which size to choose.
        </p>
        <FitFields
          reg={(name) => form.register(`fitDetails.${name}`)}
          errors={Object.fromEntries(
            Object.entries(errors.fitDetails ?? {}).map(([k, v]) => [
              k,
              (v as { message?: string } | undefined)?.message,
            ]),
          )}
        />
      </details>

      <div className="flex justify-end gap-3 border-t border-linen pt-5">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Posting...' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}
