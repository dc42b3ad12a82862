import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CATEGORIES, ITEM_GENDERS, SIZES, type Category } from '@domain/catalogue.rules';
import {
  ACCEPTED_PHOTO_TYPES,
  HANDOVER_LABELS,
  HANDOVERS,
  LENDER_SHARE_PERCENT,
  LISTING_MESSAGES,
  ListingInputSchema,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  rentalPriceBounds,
  type Listing,
  type ListingInput,
} from '@domain/listings';
import { lendingModeCopy, type LendingMode } from '@domain/managed-lending';
import { useLendingTerms } from '../../managed';
import { LendingModeChoice } from './lending-mode-choice';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ChoiceSelect, Input, Label, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { DollarsSchema, checkedBy } from '../../../lib/form-schema';
import { formatCents } from '../../../lib/format';
import { useCreateListing } from '../api/create-listing';
import { useUpdateListing } from '../api/update-listing';
import { centsAsDecimal, parseCents } from '@domain/money';

/** The form's values: prices as the dollars typed; the form's schema turns them into cents. */
interface FormValues {
  name: string;
  brand: string;
  category: Category | '';
  gender: string;
  sizes: string[];
  description: string;
  retailPriceCents: string;
  rentalPriceCents: string;
  handover: string;
  lendingMode: string;
}

const toCents = (dollars: string) => parseCents(dollars) ?? Number.NaN;
const toDollars = centsAsDecimal;
const orUndefined = (v: string) => v || undefined;

/** What the form holds, read (prices as cents) and checked with ListingInputSchema (the server's). */
const ListingFormSchema = z
  .object({
    name: z.string(),
    brand: z.string(),
    category: z.custom<Category | ''>(), // checked below, by the domain's schema
    gender: z.string(),
    // The checked sizes (react-hook-form gives a group of checkboxes as an array).
    sizes: z.array(z.string()),
    description: z.string(),
    retailPriceCents: DollarsSchema,
    rentalPriceCents: DollarsSchema,
    handover: z.string(),
    lendingMode: z.string(),
  })
  .transform((v) => ({
    ...v,
    category: orUndefined(v.category),
    gender: orUndefined(v.gender),
    handover: orUndefined(v.handover),
  }))
  .transform(checkedBy(ListingInputSchema));

interface Photo {
  file: File;
  url: string;
}

/**
 * The listing form: new (with sizes and 1-4 photos) or edit (details only). The rental price is
 * suggested from the category table and may be changed within the category's bounds.
 */
export function ListingForm({ listing, onDone }: { listing?: Listing; onDone: () => void }) {
  const editing = !!listing;
  const create = useCreateListing();
  const update = useUpdateListing();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  // Free the previews' object URLs when the form goes away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const form = useForm<FormValues, unknown, ListingInput>({
    resolver: zodResolver(ListingFormSchema),
    defaultValues: listing
      ? {
          name: listing.name,
          brand: listing.brand,
          category: listing.category,
          gender: listing.gender,
          sizes: listing.sizes,
          description: listing.description,
          retailPriceCents: toDollars(listing.retailPriceCents),
          rentalPriceCents: toDollars(listing.rentalPriceCents),
          handover: listing.handover,
          lendingMode: listing.lendingMode,
        }
      : {
          name: '',
          brand: '',
          category: '',
          gender: '',
          sizes: [],
          description: '',
          retailPriceCents: '',
          rentalPriceCents: '',
          handover: 'drop-off',
          lendingMode: 'managed',
        },
  });
  const { errors, isSubmitting } = form.formState;
  const category = useWatch({ control: form.control, name: 'category' });
  const rental = toCents(useWatch({ control: form.control, name: 'rentalPriceCents' }));
  const bounds = category ? rentalPriceBounds(category) : null;
  const mode = (useWatch({ control: form.control, name: 'lendingMode' }) || 'managed') as LendingMode;
  const terms = useLendingTerms().data ?? {
    managedSharePercent: 60,
    selfSharePercent: LENDER_SHARE_PERCENT,
    storageMonths: 12,
  };
  const copy = lendingModeCopy(mode, terms);
  const sharePercent = mode === 'managed' ? terms.managedSharePercent : terms.selfSharePercent;

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const files = [...list];
    setPhotoError(undefined);
    if (photos.length + files.length > MAX_LISTING_PHOTOS) return setPhotoError(LISTING_MESSAGES.tooManyPhotos);
    if (files.some((f) => !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(f.type)))
      return setPhotoError(LISTING_MESSAGES.photoType);
    if (files.some((f) => f.size > MAX_PHOTO_BYTES)) return setPhotoError(LISTING_MESSAGES.photoTooLarge);
    setPhotos((prev) => [...prev, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const removePhoto = (i: number) =>
    setPhotos((prev) => {
      URL.revokeObjectURL(prev[i]!.url);
      return prev.filter((_, j) => j !== i);
    });

  const onSubmit = form.handleSubmit(async (input) => {
    if (editing) {
      const { sizes: _sizes, ...patch } = input;
      try {
        const saved = await update.mutateAsync({ id: listing.id, patch });
        const backInReview = saved.review.status === 'pending' && listing.review.status !== 'pending';
        toast.success(backInReview ? LISTING_MESSAGES.resubmitted : LISTING_MESSAGES.updated, {
          description: backInReview
            ? `${input.name} goes back to our team; we will let you know.`
            : `${input.name} is updated.`,
        });
        onDone();
      } catch {
        // shown by the query client
      }
      return;
    }
    if (photos.length === 0) {
      setPhotoError(LISTING_MESSAGES.noPhoto);
      return;
    }
    try {
      await create.mutateAsync({ input, photos: photos.map((p) => p.file) });
      toast.success(LISTING_MESSAGES.created, { description: LISTING_MESSAGES.createdBody });
      onDone();
    } catch {
      // shown by the query client
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-6 space-y-5"
      aria-label={editing ? 'Edit listing' : 'List an item'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="off" placeholder="Silk slip dress" {...form.register('name')} />
        </Field>
        <Field label="Brand" error={errors.brand?.message}>
          <Input autoComplete="off" placeholder="Reformation" {...form.register('brand')} />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <ChoiceSelect
            options={CATEGORIES}
            {...form.register('category', {
              onChange: (e: { target: { value: string } }) => {
                const value = e.target.value;
                if (value && !form.getFieldState('rentalPriceCents').isDirty) {
                  form.setValue('rentalPriceCents', toDollars(rentalPriceBounds(value).suggested));
                }
              },
            })}
          />
        </Field>
        <Field label="Gender" error={errors.gender?.message}>
          <ChoiceSelect options={ITEM_GENDERS} {...form.register('gender')} />
        </Field>
      </div>

      {!editing && (
        <fieldset aria-describedby={errors.sizes ? 'listing-sizes-error' : undefined}>
          <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">Sizes</legend>
          <div className="flex flex-wrap gap-2">
            {SIZES.map((s) => (
              <label key={s} className="relative cursor-pointer">
                <input type="checkbox" value={s} className="peer sr-only" {...form.register('sizes')} />
                <span className="inline-flex h-9 min-w-11 items-center justify-center rounded-sm border border-linen bg-ivory px-3 text-sm transition-colors peer-checked:border-ink peer-checked:bg-ink peer-checked:text-ivory peer-focus-visible:outline-2 peer-focus-visible:outline-clay">
                  {s}
                </span>
              </label>
            ))}
          </div>
          {errors.sizes && (
            <p id="listing-sizes-error" role="alert" className="mt-1.5 text-xs font-medium text-danger">
              {errors.sizes.message}
            </p>
          )}
        </fieldset>
      )}

      <Field label="Description" error={errors.description?.message}>
        <Textarea placeholder="Fabric, fit, how often worn, any care notes" {...form.register('description')} />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Retail price (USD)" error={errors.retailPriceCents?.message}>
          <Input inputMode="decimal" placeholder="348.00" {...form.register('retailPriceCents')} />
        </Field>
        <Field
          label="Rental price per week (USD)"
          error={errors.rentalPriceCents?.message}
          hint={
            bounds
              ? `Suggested ${formatCents(bounds.suggested)} for ${category}; from ${formatCents(bounds.min)} to ${formatCents(bounds.max)}.${
                  Number.isFinite(rental) && rental > 0
                    ? ` You earn ${formatCents(Math.round((rental * sharePercent) / 100))} (${sharePercent}%) a week.`
                    : ''
                }`
              : 'Choose a category to see the suggested price.'
          }
        >
          <Input inputMode="decimal" placeholder="29.99" {...form.register('rentalPriceCents')} />
        </Field>
      </div>

      <LendingModeChoice field={form.register('lendingMode')} editing={editing} terms={terms} />
      <p className="-mt-2 text-xs text-stone" data-testid="lending-commission">
        {copy.commission}
      </p>

      <fieldset hidden={mode !== 'managed'}>
        <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">
          How the piece reaches us the first time
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {HANDOVERS.map((h) => (
            <label
              key={h}
              className="flex cursor-pointer items-center gap-3 rounded-sm border border-linen bg-ivory px-4 py-3 text-sm has-[:checked]:border-ink"
            >
              <input type="radio" value={h} className="accent-ink" {...form.register('handover')} />
              {HANDOVER_LABELS[h]}
            </label>
          ))}
        </div>
        {errors.handover && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {errors.handover.message}
          </p>
        )}
      </fieldset>

      {!editing && (
        <div>
          <Label htmlFor="listing-photos">Photos (up to {MAX_LISTING_PHOTOS})</Label>
          <div className="grid grid-cols-4 gap-2">
            {photos.map((p, i) => (
              <div key={p.url} className="relative aspect-[4/5] overflow-hidden rounded-sm bg-sand">
                <img src={p.url} alt={`Photo ${i + 1}`} className="size-full object-cover" />
                <button
                  type="button"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => removePhoto(i)}
                  className="absolute top-1 right-1 rounded-full bg-ink/75 p-1 text-ivory hover:bg-ink"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </div>
            ))}
            {photos.length < MAX_LISTING_PHOTOS && (
              <label
                htmlFor="listing-photos"
                className={cn(
                  'flex aspect-[4/5] cursor-pointer flex-col items-center justify-center gap-1 rounded-sm border border-dashed border-linen text-center text-xs text-stone hover:border-ink hover:text-ink',
                  photoError && 'border-danger',
                )}
              >
                <ImagePlus className="size-5" aria-hidden="true" />
                Add
              </label>
            )}
          </div>
          <input
            ref={fileInput}
            id="listing-photos"
            type="file"
            accept={ACCEPTED_PHOTO_TYPES.join(',')}
            multiple
            className="sr-only"
            aria-describedby="listing-photos-hint"
            onChange={(e) => addFiles(e.target.files)}
          />
          <p id="listing-photos-hint" className="mt-1.5 text-xs text-stone">
            JPEG, PNG or WebP, at most 5 MB each. We resize them and remove location data.
          </p>
          {photoError && (
            <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
              {photoError}
            </p>
          )}
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting
            ? editing
              ? 'Saving…'
              : 'Sending…'
            : editing
              ? listing.review.status === 'rejected'
                ? 'Save and resubmit'
                : 'Save changes'
              : 'Submit for review'}
        </Button>
      </div>
    </form>
  );
}
