import { CANCELLATION_POLICY_LABELS } from '@domain/lender-policies.rules';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { useCancellationTerms } from '../api/get-cancellation-terms';

/**
 * The refund a cancellation gives, in the Cancel dialog before she confirms (decision 0067): for a
 * member's piece, its lender's policy, the amount and until when; otherwise `fallback` (a full
 * refund, or the plan's place). The amount is the API's, worked out by the rule the cancellation applies.
 */
export function CancellationRefund({ rentalId, fallback }: { rentalId: number; fallback: string }) {
  const { data: t, isPending } = useCancellationTerms(rentalId);
  const timeZone = useTimeZone();
  if (isPending) return <>Working out your refund…</>;
  if (!t || t.policy === null) return <>{fallback}</>;
  const label = CANCELLATION_POLICY_LABELS[t.policy];
  // In the zone the rest of the page shows times in (decision 0047), by the one formatter of instants.
  const deadline = t.deadline ? formatDateTime(t.deadline, timeZone) : null;
  if (t.refundCents === 0)
    return (
      <>
        The lender’s {label} cancellation policy gives nothing back now
        {deadline ? ` (its refund ended ${deadline})` : ''}: you get $0.00 of {formatCents(t.paidCents)}.
      </>
    );
  return (
    <>
      Under the lender’s {label} cancellation policy you get {formatCents(t.refundCents)} of {formatCents(t.paidCents)}{' '}
      back, to the card it was charged to
      {deadline ? ` (cancelling by ${deadline} gives ${t.windowPercent}%)` : ''}.
    </>
  );
}
