import { daysBetween } from '../../../domain/calendar';
import type { DomainError } from '../../../domain/errors';
import { longRentalPrice, outsidePolicyDates } from '../../../domain/lender-policies';
import { outsidePolicyDays } from '../../../domain/protection';

/** The piece's lender's policy as a request needs it (protection's piece_policies, decisions 0064 and 0067). */
export interface RequestPolicy {
  minDays: number;
  maxDays: number;
  noticeDays?: number;
  longDiscountPercent?: number;
}

/**
 * Every rule of the lender's policy a request (and so Instant Book) must meet, in one place: her
 * minimum and maximum days, her notice and the days she blocked (she is away). The first refusal,
 * a 400 naming its reason; null when the days are open.
 */
export function requestPolicyRefusal(
  range: { startDate: string; endDate: string },
  policy: RequestPolicy | null,
  blocks: { start_date: string; end_date: string }[],
  today: string,
): DomainError | null {
  if (policy) {
    const days = outsidePolicyDays(daysBetween(range.startDate, range.endDate), policy);
    if (days) return days;
  }
  return outsidePolicyDates(
    { ...range, today },
    {
      noticeDays: policy?.noticeDays ?? 0,
      blocks: blocks.map((b) => ({ startDate: b.start_date, endDate: b.end_date })),
    },
  );
}

/** The request's price less the lender's longer-rental discount (from LONG_RENTAL_DAYS days). */
export function requestPrice(
  priceCents: number,
  range: { startDate: string; endDate: string },
  policy: RequestPolicy | null,
): number {
  return longRentalPrice(priceCents, daysBetween(range.startDate, range.endDate), policy?.longDiscountPercent ?? 0);
}
