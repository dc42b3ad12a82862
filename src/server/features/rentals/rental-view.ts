import { handoffOf } from '../../../domain/availability';
import { keepPercent, keepPriceCents } from '../../../domain/keep-it.rules';
import { PickupOptionSchema, PlanIdSchema } from '../../../domain/plans';
import {
  LATE_FEE_STATUSES,
  daysLate,
  isLateToDispatch,
  lateDispatchCancelDate,
  lateFeeCents,
  lateFeeCapCents,
  lateFeePerDayCents,
  rentalActions,
  rentalStatus,
  type LateFeeStatus,
  type Rental,
  type RentalMarks,
} from '../../../domain/rentals';
import { lateClockStop } from '../bookings';
import type { RentalRow } from './rentals.repository';

/** How late a rental is and its fee (docs/product.md "Renting"): so far while out, as worked out at check-in after. */
function lateOf(row: RentalRow, today: string, dayOf: (instant: string) => string): Rental['late'] {
  const perDayCents = lateFeePerDayCents(row.rental_price_cents);
  const capCents = lateFeeCapCents(row.rental_price_cents, row.retail_price_cents);
  if (row.checked_in_at) {
    if (!row.late_days) return null;
    const status = (LATE_FEE_STATUSES as readonly string[]).includes(row.late_fee_status ?? '')
      ? (row.late_fee_status as LateFeeStatus)
      : 'due';
    return { days: row.late_days, feeCents: row.late_fee_cents ?? 0, perDayCents, capCents, status };
  }
  if (!row.dispatched_at) return null;
  const days = daysLate(row.end_date, lateClockStop(row, today, dayOf));
  if (days === 0) return null;
  return {
    days,
    feeCents: lateFeeCents(days, row.rental_price_cents, row.retail_price_cents),
    perDayCents,
    capCents,
    status: 'accruing',
  };
}

function marksOf(row: RentalRow, dayOf: (instant: string) => string): RentalMarks {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    handoff: handoffOf(row.pickup_option),
    dispatchedAt: row.dispatched_at,
    dispatchedOn: row.dispatched_at ? dayOf(row.dispatched_at) : null,
    receivedAt: row.received_at,
    returnedAt: row.returned_at,
    checkedInAt: row.checked_in_at,
    cancelledAt: row.cancelled_at,
    keptAt: row.kept_at,
  };
}

/** Keep it's offer (decision 0059): while the piece is out on this rental and not checked in, and no payment is in progress. */
export function keepOfferOf(row: RentalRow): Rental['keepOffer'] {
  if (!row.dispatched_at || row.checked_in_at || row.kept_at || row.cancelled_at) return null;
  if (row.order_status === 'pending_payment') return null;
  return {
    priceCents: keepPriceCents({
      retailCents: row.retail_price_cents,
      rentalPriceCents: row.rental_price_cents,
      pastRentals: row.past_rentals,
    }),
    retailCents: row.retail_price_cents,
    percentOfRetail: keepPercent(row.past_rentals),
  };
}

/** A rental as the member sees it (docs/product.md "Renting"). */
export function toRental(row: RentalRow, imageUrl: string, day: string, dayOf: (instant: string) => string): Rental {
  const pickup = PickupOptionSchema.safeParse(row.pickup_option);
  const plan = PlanIdSchema.safeParse(row.plan);
  const marks = marksOf(row, dayOf);
  const status = rentalStatus(marks, day);
  return {
    id: row.id,
    itemId: row.item_id,
    name: row.name,
    brand: row.brand,
    imageUrl,
    size: row.size,
    startDate: row.start_date,
    returnDate: row.end_date,
    status,
    actions: row.order_status === 'pending_payment' ? [] : rentalActions(marks, day),
    priceCents: row.price_cents,
    chargeCents: row.charge_cents,
    coveredByPlan: row.billing_period_start !== null,
    plan: plan.success ? plan.data : 'weekly',
    pickupOption: pickup.success ? pickup.data : null,
    orderNumber: row.order_number,
    extensions: row.extensions,
    returnedAt: row.returned_at,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
    handoff: marks.handoff,
    dispatchedAt: row.dispatched_at,
    receivedAt: row.received_at,
    checkedInAt: row.checked_in_at,
    cancelled: row.returned_at !== null && row.dispatched_at === null,
    late: lateOf(row, day, dayOf),
    backupSize: row.backup_size,
    lateToDispatch:
      row.lender_id === null && row.order_status !== 'pending_payment' && isLateToDispatch(marks, day)
        ? { since: row.start_date, cancelsOn: lateDispatchCancelDate(row.start_date) }
        : null,
    keepOffer: keepOfferOf(row),
    kept: row.kept_at ? { at: row.kept_at, priceCents: row.kept_price_cents ?? 0 } : null,
  };
}
