import { Check, RotateCw, Scale, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  CLAIM_MESSAGES,
  CLAIM_NOTE_MAX,
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  ClaimDecisionSchema,
  type ClaimStatus,
  type DeskClaim,
} from '@domain/claims';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCents, formatDate } from '../../../lib/format';
import type { PageQueries } from '../../../lib/page-data';
import { useDecideClaim, useRetryClaimCharge } from '../api/decide-claim';
import { clientLoadDeskPage, deskMeta, loadDeskPage, OpsHeader } from '../../ops';
import { getDeskClaimsQueryOptions, useDeskClaims } from '../api/get-desk-claims';
import type { Route } from './+types/desk-claims';

const statusOf = (params: URLSearchParams): ClaimStatus =>
  CLAIM_STATUSES.find((s) => s === params.get('status')) ?? 'open';

const queries =
  (url: URL): PageQueries =>
  (queryClient) =>
    queryClient.prefetchQuery(getDeskClaimsQueryOptions(statusOf(url.searchParams)));

export function loader({ context, request }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Claims');

const EMPTY: Record<ClaimStatus, string> = {
  open: 'No damage claim is waiting. Lenders can open one within 48 hours of a return.',
  upheld: 'No claim has been upheld yet.',
  rejected: 'No claim has been rejected yet.',
};

/** /ops/claims: lenders' damage claims to uphold or reject, with a note both members read. */
export default function Component() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const list = useDeskClaims(status);
  const claims = list.data?.claims ?? [];
  return (
    <div>
      <OpsHeader title="Claims">
        A lender may claim for damage within 48 hours of a return, up to the piece’s retail price. Upholding charges the
        renter’s card and credits the lender; either way both are told your note.
      </OpsHeader>
      <div
        role="group"
        aria-label="Claim status"
        className="mb-6 inline-flex rounded-sm border border-linen bg-ivory p-1"
      >
        {CLAIM_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => setParams(s === 'open' ? {} : { status: s }, { replace: true })}
            className={cn(
              'min-h-11 cursor-pointer rounded-xs px-4 text-sm font-medium tracking-wide transition-colors',
              s === status ? 'bg-ink text-ivory' : 'text-taupe hover:text-ink',
            )}
          >
            {CLAIM_STATUS_LABELS[s]}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <SkeletonRows label="Loading claims" count={2} rowClassName="h-64" className="space-y-4" />
      ) : list.isError ? (
        <LoadError title="Claims could not be loaded" onRetry={() => void list.refetch()} />
      ) : claims.length === 0 ? (
        <EmptyState title="Nothing here" icon={<Scale className="size-8" aria-hidden="true" />}>
          {EMPTY[status]}
        </EmptyState>
      ) : (
        <ul className="space-y-5" aria-label={`${CLAIM_STATUS_LABELS[status]} claims`}>
          {claims.map((c) => (
            <li key={c.id}>
              <ClaimCard claim={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ClaimCard({ claim: c }: { claim: DeskClaim }) {
  const [deciding, setDeciding] = useState<'uphold' | 'reject' | null>(null);
  const [cover, setCover] = useState(0);
  const photo = c.photos[cover] ?? c.photos[0];
  return (
    <article
      aria-label={`Claim on ${c.itemName}`}
      className="overflow-hidden rounded-md border border-linen/80 bg-ivory shadow-soft md:grid md:grid-cols-[minmax(0,18rem)_1fr]"
    >
      <div className="bg-sand">
        {photo ? (
          <img
            src={photo.url}
            alt={`${c.itemName}: damage photo ${cover + 1} of ${c.photos.length}`}
            className="aspect-[4/3] w-full object-cover md:aspect-[4/5]"
          />
        ) : (
          <div className="flex aspect-[4/3] items-center justify-center text-sm text-stone">No photo</div>
        )}
        {c.photos.length > 1 && (
          <div className="flex gap-2 p-2" role="group" aria-label="Photos">
            {c.photos.map((p, i) => (
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
          <p className="eyebrow">Claim #{c.id}</p>
          <Badge tone={c.status === 'open' ? 'clay' : c.status === 'upheld' ? 'success' : 'outline'}>
            {CLAIM_STATUS_LABELS[c.status]}
          </Badge>
          {c.chargeStatus === 'failed' && <Badge tone="outline">Charge failed</Badge>}
        </div>
        <h2 className="mt-1 font-display text-2xl leading-tight break-words">
          {c.itemName} · {formatCents(c.amountCents)}
        </h2>
        <p className="mt-2 text-sm whitespace-pre-line text-taupe">{c.description}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-stone">Retail price</dt>
          <dd>{formatCents(c.retailPriceCents)}</dd>
          <dt className="text-stone">Lender</dt>
          <dd className="break-all">
            {c.lender.name} · {c.lender.email}
          </dd>
          <dt className="text-stone">Renter</dt>
          <dd className="break-all">
            {c.renter.name} · {c.renter.email}
          </dd>
          <dt className="text-stone">Returned</dt>
          <dd>{formatDate(c.returnedAt)}</dd>
          <dt className="text-stone">Claimed</dt>
          <dd>{formatDate(c.createdAt)}</dd>
          {c.note && (
            <>
              <dt className="text-stone">Note</dt>
              <dd>
                {c.note}
                {c.decidedBy ? ` (${c.decidedBy})` : ''}
              </dd>
            </>
          )}
        </dl>
        {c.status === 'upheld' && c.chargeStatus === 'failed' && <ChargeAgain claim={c} />}
        {c.status === 'open' && (
          <div className="mt-6 grid grid-cols-2 gap-3 md:mt-auto md:flex md:justify-end md:pt-6">
            <Button
              variant="subtle"
              size="lg"
              className="md:h-11"
              onClick={() => setDeciding('reject')}
              aria-label={`Reject the claim on ${c.itemName}`}
            >
              <X aria-hidden="true" /> Reject
            </Button>
            <Button
              size="lg"
              className="md:h-11"
              onClick={() => setDeciding('uphold')}
              aria-label={`Uphold the claim on ${c.itemName}`}
            >
              <Check aria-hidden="true" /> Uphold
            </Button>
          </div>
        )}
      </div>
      <Dialog open={!!deciding} onOpenChange={(o) => !o && setDeciding(null)}>
        <DialogContent
          title={deciding === 'uphold' ? 'Uphold claim' : 'Reject claim'}
          description={
            deciding === 'uphold'
              ? `${c.renter.name}’s card is charged ${formatCents(c.amountCents)} and ${c.lender.name} is credited. Both read your note.`
              : `Nothing is charged and ${c.lender.name}’s earning is released. Both read your note.`
          }
        >
          {deciding && <DecideForm claim={c} decision={deciding} onDone={() => setDeciding(null)} />}
        </DialogContent>
      </Dialog>
    </article>
  );
}

/** An upheld claim whose charge failed: charge the renter's card on file again (once she has one that pays). */
function ChargeAgain({ claim: c }: { claim: DeskClaim }) {
  const retry = useRetryClaimCharge();
  const charge = () =>
    retry.mutateAsync(c.id).then(
      (after) =>
        after.chargeStatus === 'charged'
          ? toast.success(CLAIM_MESSAGES.retried, {
              description: `${c.renter.name} was charged ${formatCents(c.amountCents)} and ${c.lender.name} is credited.`,
            })
          : after.chargeStatus === 'failed'
            ? toast.error('Charge failed again', {
                description: `${c.renter.name}’s card was refused. Ask her to change it, then charge again.`,
              })
            : toast.message('Charge sent', {
                description: 'The payment provider has not answered yet; the desk shows the outcome.',
              }),
      () => undefined, // the query client shows the server's message
    );
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-sm bg-sand/60 p-4 text-sm md:mt-auto md:flex-row md:items-center md:justify-between">
      <p className="text-taupe">The renter’s card was not charged, so the lender is not credited yet.</p>
      <Button
        size="lg"
        className="md:h-11"
        disabled={retry.isPending}
        onClick={() => void charge()}
        aria-label={`Charge ${c.renter.name} again for the claim on ${c.itemName}`}
      >
        <RotateCw aria-hidden="true" /> {retry.isPending ? 'Charging…' : 'Charge again'}
      </Button>
    </div>
  );
}

function DecideForm({
  claim,
  decision,
  onDone,
}: {
  claim: DeskClaim;
  decision: 'uphold' | 'reject';
  onDone: () => void;
}) {
  const decide = useDecideClaim();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ClaimDecisionSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    // mutateAsync: the refreshed list drops this claim (and this form) from the open ones; the promise still settles.
    decide.mutateAsync({ id: claim.id, decision, note: parsed.data.note }).then(
      () => {
        toast.success(decision === 'uphold' ? CLAIM_MESSAGES.upheld : CLAIM_MESSAGES.rejected, {
          description: 'Both members have been told.',
        });
        onDone();
      },
      (err: unknown) => setError(err instanceof ApiClientError ? err.message : 'The claim could not be decided.'),
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-5 space-y-5"
      aria-label={decision === 'uphold' ? 'Uphold claim' : 'Reject claim'}
    >
      <Field label="Note for both members" error={error}>
        <Textarea value={note} maxLength={CLAIM_NOTE_MAX} onChange={(e) => setNote(e.target.value)} autoFocus />
      </Field>
      <FormActions
        onCancel={onDone}
        pending={decide.isPending}
        submitLabel={decision === 'uphold' ? 'Uphold and charge' : 'Reject claim'}
        pendingLabel="Saving…"
        variant={decision === 'uphold' ? 'primary' : 'danger'}
      />
    </form>
  );
}
