import { useState } from 'react';
import { toast } from 'sonner';
import {
  CLAIM_DESCRIPTION_MAX,
  CLAIM_MESSAGES,
  ClaimInputSchema,
  MAX_CLAIM_PHOTOS,
  type ClaimableRental,
} from '@domain/claims';
import { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES } from '@domain/listings.rules';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { useOpenClaim } from '../api/open-claim';

type Errors = Partial<Record<'amountCents' | 'description' | 'photos' | 'form', string>>;

/** "45" or "45.50" in dollars to cents; NaN for anything else. */
function toCents(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

/** The lender's damage claim on a returned piece: the amount (up to the retail price), what happened, and photos. */
export function ClaimForm({ rental, onDone }: { rental: ClaimableRental; onDone: () => void }) {
  const open = useOpenClaim();
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const parsed = ClaimInputSchema.safeParse({ rentalId: rental.rentalId, amountCents: toCents(amount), description });
    if (!parsed.success)
      for (const i of parsed.error.issues)
        next[i.path[0] as keyof Errors] ??=
          i.path[0] === 'amountCents' ? 'Enter the amount in dollars, e.g. 45.00' : i.message;
    if (parsed.success && parsed.data.amountCents > rental.retailPriceCents)
      next.amountCents = `${CLAIM_MESSAGES.overRetail} (${formatCents(rental.retailPriceCents)})`;
    if (photos.length === 0) next.photos = CLAIM_MESSAGES.noPhoto;
    else if (photos.length > MAX_CLAIM_PHOTOS) next.photos = CLAIM_MESSAGES.tooManyPhotos;
    else if (photos.some((p) => p.size > MAX_PHOTO_BYTES))
      next.photos = `Each photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    // mutateAsync: its promise settles even if the lists' refresh re-renders the page around this form.
    open.mutateAsync({ input: parsed.data, photos }).then(
      () => {
        toast.success(CLAIM_MESSAGES.opened, {
          description:
            'We will let you and the renter know the decision. The earning from this rental is held until then.',
        });
        onDone();
      },
      (err: unknown) => {
        if (err instanceof ApiClientError && err.issues.length) {
          const fromApi: Errors = {};
          for (const i of err.issues)
            fromApi[(['amountCents', 'description', 'photos'].includes(i.path) ? i.path : 'form') as keyof Errors] ??=
              i.message;
          setErrors(fromApi);
        } else setErrors({ form: err instanceof ApiClientError ? err.message : 'The claim could not be sent.' });
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-label={`Damage claim on ${rental.itemName}`}>
      <Field
        label="Amount (USD)"
        error={errors.amountCents}
        hint={`At most the retail price, ${formatCents(rental.retailPriceCents)}.`}
      >
        <Input
          inputMode="decimal"
          placeholder="45.00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          autoFocus
        />
      </Field>
      <Field
        label="What happened"
        error={errors.description}
        hint="Where the damage is and how it differs from when it left you."
      >
        <Textarea
          value={description}
          maxLength={CLAIM_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <Field
        label={`Photos (1 to ${MAX_CLAIM_PHOTOS})`}
        error={errors.photos}
        hint="JPEG, PNG or WebP, up to 5 MB each."
      >
        <Input
          type="file"
          multiple
          accept={ACCEPTED_PHOTO_TYPES.join(',')}
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          className="h-auto py-2"
        />
      </Field>
      <FormActions
        error={errors.form}
        onCancel={onDone}
        pending={open.isPending}
        submitLabel="Send claim"
        pendingLabel="Sending…"
      />
    </form>
  );
}
