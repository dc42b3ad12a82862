import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BookingRequest } from '@domain/lending';
import { LENDER_POLICY_SETTINGS as LP } from '@domain/lender-policies.rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useSimilar } from '../../catalogue';
import { useRequestAction } from '../api/request-action';
import { ACTION_LABELS } from '../lib/lending-text';

/**
 * The lender's 'Cancel rental' on a request she accepted, before she sends the piece (decision
 * 0067), behind a confirmation that says what it costs her: the renter refunded in full, her fee
 * from her next payout, and the pause after three in 90 days.
 */
export function CancelAccepted({ request: r }: { request: BookingRequest }) {
  const act = useRequestAction();
  const [open, setOpen] = useState(false);
  const busy = act.isPending;
  const labels = ACTION_LABELS.cancel;
  const onCancel = () =>
    act.mutateAsync({ request: r, action: 'cancel' }).then(
      () => {
        setOpen(false);
        toast.success(labels.done, { description: r.item.name });
      },
      () => {
        setOpen(false);
        alreadyShown();
      },
    );
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={busy} aria-label={`${labels.label}: ${r.item.name}`}>
          {labels.label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel this rental?"
        description={`${r.renterName}'s rental of ${r.item.name} from ${formatDate(r.startDate)} is cancelled and she is refunded ${formatCents(r.priceCents)} in full.`}
      >
        <p className="mt-4 rounded-sm border border-linen bg-paper px-4 py-3 text-sm text-ink" data-testid="cancel-fee">
          A cancellation fee of {formatCents(LP.lenderCancelFeeCents)} comes off your next payout, and the cancellation
          shows with your pieces for {LP.pauseWindowDays} days. {LP.pauseAfter} cancellations in {LP.pauseWindowDays}{' '}
          days pause your listings for {LP.pauseDays} days.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost" disabled={busy}>
              Keep rental
            </Button>
          </DialogClose>
          <Button onClick={() => void onCancel()} disabled={busy} aria-busy={busy}>
            {busy ? labels.busy : labels.label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** On the renter's card: her lender cancelled, she is refunded in full, and pieces like it to rent instead. */
export function CancelledByLender({ request: r }: { request: BookingRequest }) {
  const similar = useSimilar(r.item.id);
  const items = similar.data?.items.slice(0, 3) ?? [];
  return (
    <div className="mt-4 rounded-sm border border-linen bg-paper px-4 py-3 text-sm" data-testid="cancelled-by-lender">
      <p className="font-medium text-ink">
        {r.lenderName} cancelled this rental: {formatCents(r.priceCents)} is refunded to your card in full.
      </p>
      {items.length > 0 ? (
        <>
          <p className="mt-2 text-taupe">Pieces like it you can rent instead:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label={`Pieces like ${r.item.name}`}>
            {items.map((it) => (
              <li key={it.id}>
                <Link to={paths.item(it.id)} className="text-ink underline underline-offset-4">
                  {it.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2">
          <Link to={paths.browse} className="text-ink underline underline-offset-4">
            Browse the collection for a piece like it
          </Link>
        </p>
      )}
    </div>
  );
}
