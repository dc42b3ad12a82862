import { Link } from 'react-router';
import type { BookingRequest } from '@domain/lending';
import { LENDER_POLICY_SETTINGS as LP } from '@domain/lender-policies.rules';
import { paths } from '../../../config/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { useSimilar } from '../../catalogue';
import { ConfirmRequestAction } from './confirm-request-action';

/**
 * The lender's 'Cancel rental' on a request she accepted, before she sends the piece (decision
 * 0067), behind a confirmation that says what it costs her: the renter refunded in full, her fee
 * from her next payout, and the pause after three in 90 days.
 */
export function CancelAccepted({ request: r }: { request: BookingRequest }) {
  return (
    <ConfirmRequestAction
      request={r}
      action="cancel"
      title="Cancel this rental?"
      description={`${r.renterName}'s rental of ${r.item.name} from ${formatDate(r.startDate)} is cancelled and she is refunded ${formatCents(r.priceCents)} in full.`}
      keepLabel="Keep rental"
      doneDescription={r.item.name}
    >
      <p className="mt-4 rounded-sm border border-linen bg-paper px-4 py-3 text-sm text-ink" data-testid="cancel-fee">
        A cancellation fee of {formatCents(LP.lenderCancelFeeCents)} comes off your next payout, and the cancellation
        shows with your pieces for {LP.pauseWindowDays} days. {LP.pauseAfter} cancellations in {LP.pauseWindowDays} days
        pause your listings for {LP.pauseDays} days.
      </p>
    </ConfirmRequestAction>
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
