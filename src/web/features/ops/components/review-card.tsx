import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { HANDOVER_LABELS } from '@domain/listings.rules';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { REJECTION_REASON_MAX, RejectListingSchema } from '@domain/ops-reasons';
import type { ReviewListing } from '@domain/ops';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Textarea } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useApproveListing, useRejectListing } from '../api/review-listing';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiClientError ? err.message : fallback);

/** One member listing as staff review it: photos, details, the lender, and Approve / Reject. */
export function ReviewCard({ listing: l }: { listing: ReviewListing }) {
  const approve = useApproveListing();
  const [rejecting, setRejecting] = useState(false);
  const [cover, setCover] = useState(0);
  const photo = l.photos[cover] ?? l.photos[0];

  return (
    <article
      aria-label={l.name}
      className="overflow-hidden rounded-md border border-linen/80 bg-ivory shadow-soft md:grid md:grid-cols-[minmax(0,18rem)_1fr]"
    >
      <div className="bg-sand">
        {photo ? (
          <img
            src={photo.url}
            alt={`${l.name}: member photo ${cover + 1} of ${l.photos.length}`}
            className="aspect-[4/3] w-full object-cover md:aspect-[4/5]"
          />
        ) : (
          <div className="flex aspect-[4/3] items-center justify-center text-sm text-stone md:aspect-[4/5]">
            No photo
          </div>
        )}
        {l.photos.length > 1 && (
          <div className="flex gap-2 p-2" role="group" aria-label="Photos">
            {l.photos.map((p, i) => (
              <button
                key={p.url}
                type="button"
                onClick={() => setCover(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === cover}
                className="size-14 overflow-hidden rounded-xs border-2 border-transparent aria-pressed:border-ink"
              >
                <img src={p.url} alt="" className="size-full object-cover" />
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="flex flex-col p-5 md:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <p className="eyebrow">{l.brand}</p>
          {l.round > 1 && <Badge tone="outline">Resubmitted</Badge>}
          {l.status === 'rejected' && <Badge tone="clay">Rejected</Badge>}
          {l.status === 'approved' && <Badge tone="success">Live</Badge>}
        </div>
        {/* Member text is rendered as text: React escapes it, a <script> in a title shows as characters. */}
        <h2 className="mt-1 font-display text-2xl leading-tight break-words">{l.name}</h2>
        <p className="mt-2 text-sm whitespace-pre-line text-taupe">{l.description}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-stone">Category</dt>
          <dd>
            {l.category} · {l.gender} · sizes {l.sizes.join(', ')}
          </dd>
          <dt className="text-stone">Prices</dt>
          <dd>
            {formatCents(l.rentalPriceCents)}/week · retail {formatCents(l.retailPriceCents)}
          </dd>
          <dt className="text-stone">Handover</dt>
          <dd>{HANDOVER_LABELS[l.handover]}</dd>
          <dt className="text-stone">Lender</dt>
          <dd className="break-all">
            {l.owner.name} · {l.owner.email}
          </dd>
          <dt className="text-stone">Submitted</dt>
          <dd>{formatDate(l.submittedAt)}</dd>
          {l.reason && (
            <>
              <dt className="text-stone">Reason given</dt>
              <dd>{l.reason}</dd>
            </>
          )}
        </dl>
        {l.status === 'pending' && (
          <div className="mt-6 grid grid-cols-2 gap-3 md:mt-auto md:flex md:justify-end md:pt-6">
            <Button
              variant="subtle"
              size="lg"
              className="md:h-11"
              onClick={() => setRejecting(true)}
              aria-label={`Reject ${l.name}`}
            >
              <X aria-hidden="true" /> Reject
            </Button>
            <Button
              size="lg"
              className="md:h-11"
              disabled={approve.isPending}
              aria-label={`Approve ${l.name}`}
              onClick={() =>
                approve.mutateAsync(l.id).then(
                  () =>
                    toast.success(OPS_MESSAGES.approved, {
                      description: `${l.name} is live; ${l.owner.name} has been told.`,
                    }),
                  alreadyShown,
                )
              }
            >
              <Check aria-hidden="true" /> {approve.isPending ? 'Approving…' : 'Approve'}
            </Button>
          </div>
        )}
      </div>
      <Dialog open={rejecting} onOpenChange={setRejecting}>
        <DialogContent
          title="Reject listing"
          description={`${l.owner.name} will read your reason with the listing and can edit and resubmit it.`}
        >
          {rejecting && <RejectForm listing={l} onDone={() => setRejecting(false)} />}
        </DialogContent>
      </Dialog>
    </article>
  );
}

function RejectForm({ listing, onDone }: { listing: ReviewListing; onDone: () => void }) {
  const reject = useRejectListing();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = RejectListingSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    reject.mutate(
      { id: listing.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(OPS_MESSAGES.rejected, { description: `${listing.owner.name} has been told why.` });
          onDone();
        },
        onError: (err) => setError(errorText(err, 'Could not reject the listing.')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-label="Reject listing">
      <Field label="Reason for the member" error={error} hint="Say what to change, e.g. a clearer photo in daylight.">
        <Textarea
          value={reason}
          maxLength={REJECTION_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
        />
      </Field>
      <FormActions
        onCancel={onDone}
        pending={reject.isPending}
        submitLabel="Reject listing"
        pendingLabel="Rejecting…"
        variant="danger"
      />
    </form>
  );
}
