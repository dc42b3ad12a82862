import { handoffOf } from '../../../domain/availability';
import type { DeskRental } from '../../../domain/ops';
import { LATE_FEE_STATUSES, daysLate, lateFeeCents, rentalStatus, type LateFeeStatus } from '../../../domain/rentals';
import { UNIT_STATES, unitCode, type UnitState } from '../../../domain/unit-life';
import type { DeskRow } from './rental-view';

const asUnitState = (v: string | null): UnitState =>
  (UNIT_STATES as readonly string[]).includes(v ?? '') ? (v as UnitState) : 'available';
const asFeeStatus = (v: string | null): LateFeeStatus | null =>
  (LATE_FEE_STATUSES as readonly string[]).includes(v ?? '') ? (v as LateFeeStatus) : null;

/** The business's day of an instant (AppContext.dayOf: BUSINESS_TIME_ZONE, decision 0047). */
export type DayOf = (instant: string) => string;

/**
 * How late a rental is and what it costs so far (docs/product.md "Renting"): after check-in, as
 * worked out then; before, counted to the carrier's first scan of its return parcel (decision
 * 0061), else to the business day she sent it back, or to today while she has it.
 */
export function lateOf(
  r: {
    end_date: string;
    returned_at: string | null;
    return_scanned_at?: string | null;
    dispatched_at: string | null;
    checked_in_at: string | null;
    late_days: number | null;
    late_fee_cents: number | null;
    late_fee_status: string | null;
    rental_price_cents: number;
    retail_price_cents: number;
  },
  today: string,
  dayOf: DayOf,
): { days: number; feeCents: number; status: LateFeeStatus | null } {
  if (r.checked_in_at)
    return { days: r.late_days ?? 0, feeCents: r.late_fee_cents ?? 0, status: asFeeStatus(r.late_fee_status) };
  if (!r.dispatched_at) return { days: 0, feeCents: 0, status: null };
  const days = daysLate(r.end_date, lateClockStop(r, today, dayOf));
  return {
    days,
    feeCents: lateFeeCents(days, r.rental_price_cents, r.retail_price_cents),
    status: days > 0 ? 'accruing' : null,
  };
}

/**
 * The day the late-fee clock stops (docs/product.md "Parcels"): the carrier's first scan of the
 * return parcel; without one, the day she said she sent it back; else today (still with her).
 */
export function lateClockStop(
  r: { returned_at: string | null; return_scanned_at?: string | null },
  today: string,
  dayOf: DayOf,
): string {
  if (r.return_scanned_at) return dayOf(r.return_scanned_at);
  return r.returned_at ? dayOf(r.returned_at) : today;
}

/** The delivery address or the studio the order recorded (lines joined by newlines); null when none. */
function destinationOf(r: DeskRow): DeskRental['destination'] {
  const lines = (parts: (string | null)[]) =>
    parts.filter((p): p is string => !!p && p.trim() !== '').join('\n') || null;
  const cityLine = [r.address_city, [r.address_state, r.address_zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    address: r.address_line1 ? lines([r.recipient_name, r.address_line1, r.address_line2, cityLine]) : null,
    studio: r.studio_name ? lines([r.studio_name, r.studio_address]) : null,
  };
}

/** A rental as the desk shows it, from a row of `deskQuery`. */
export function toDeskRental(r: DeskRow, today: string, dayOf: DayOf): DeskRental {
  const handoff = handoffOf(r.pickup_option);
  const late = lateOf(r, today, dayOf);
  const unitState = asUnitState(r.unit_state);
  return {
    rentalId: r.rental_id,
    itemId: r.item_id,
    itemName: r.item_name,
    brand: r.brand,
    size: r.size,
    unitNo: r.unit_no,
    member: { name: r.member_name, email: r.email },
    startDate: r.start_date,
    returnDate: r.end_date,
    pickupOption: r.pickup_option,
    returnedAt: r.returned_at,
    lender: r.lender_name ?? null,
    unitCode: unitCode(r.unit_id),
    unitId: r.unit_id,
    unitState,
    status: rentalStatus(
      {
        startDate: r.start_date,
        endDate: r.end_date,
        handoff,
        dispatchedAt: r.dispatched_at,
        dispatchedOn: r.dispatched_at ? dayOf(r.dispatched_at) : null,
        receivedAt: r.received_at,
        returnedAt: r.returned_at,
        checkedInAt: r.checked_in_at,
        keptAt: r.kept_at,
      },
      today,
    ),
    handoff,
    destination: destinationOf(r),
    holdsFrom: r.held_from,
    dispatchedAt: r.dispatched_at,
    receivedAt: r.received_at,
    checkedInAt: r.checked_in_at,
    daysLate: late.days,
    lateFeeCents: late.feeCents,
    lateFeeStatus: late.status,
    unitReady: unitState === 'available',
    backup:
      r.backup_size !== null && r.backup_unit_id !== null
        ? { size: r.backup_size, unitCode: unitCode(r.backup_unit_id) }
        : null,
  };
}
