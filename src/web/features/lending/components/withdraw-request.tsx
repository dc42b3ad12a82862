import type { BookingRequest } from '@domain/lending';
import { formatCents, formatDate } from '../../../lib/format';
import { ConfirmRequestAction } from './confirm-request-action';

/**
 * The renter's 'Withdraw request' while her request waits for the lender, behind a confirmation
 * that says the hold on her card is released and the lender told (focus starts on 'Keep request').
 */
export function WithdrawRequest({ request: r }: { request: BookingRequest }) {
  return (
    <ConfirmRequestAction
      request={r}
      action="withdraw"
      title="Withdraw this request?"
      description={`Your request for ${r.item.name} from ${formatDate(r.startDate)} to ${formatDate(r.returnDate)} is withdrawn and ${r.lenderName} is told. The hold of ${formatCents(r.priceCents)} on your card is released: nothing is charged.`}
      keepLabel="Keep request"
      doneDescription={`${r.item.name}: the hold on your card is released.`}
    />
  );
}
