import type { Insertable, Kysely } from 'kysely';
import type { DB, RentalsTable } from '../../db/schema';
import { hold } from './holds.repository';

type Db = Kysely<DB>;

/*
 * The writes of `rentals` (decision 0053): each is one conditional update, so of two moves at
 * once one changes the row and the other finds nothing to change (false). Every function takes
 * the caller's transaction; the moves that compose them are bookings.core.ts and unit-moves.ts.
 */

export async function insertRental(trx: Db, r: Insertable<RentalsTable>): Promise<number> {
  const row = await trx.insertInto('rentals').values(r).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Takes back a booking whose payment was declined: the rental and its hold on the unit are gone. */
export async function deleteRental(trx: Db, rentalId: number): Promise<{ item_id: number } | undefined> {
  const row = await trx
    .deleteFrom('rentals')
    .where('id', '=', rentalId)
    .returning(['booking_id', 'item_id'])
    .executeTakeFirst();
  if (row) await trx.deleteFrom('bookings').where('id', '=', row.booking_id).execute();
  return row;
}

/**
 * Ends an open rental before it was dispatched and frees its unit's days at once: the rental's
 * row, then the booking's. `cancelled` also marks it a cancellation (the member's or lending's
 * cancel; the member's 'Return' of a reservation marks only its end). False when it had ended or
 * was dispatched meanwhile.
 */
export async function endBeforeDispatch(
  trx: Db,
  rentalId: number,
  bookingId: number,
  at: string,
  cancelled: boolean,
): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set(cancelled ? { returned_at: at, cancelled_at: at } : { returned_at: at })
    .where('id', '=', rentalId)
    .where('returned_at', 'is', null)
    .where('dispatched_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('bookings')
    .set({ released_at: at })
    .where('id', '=', bookingId)
    .where('released_at', 'is', null)
    .execute();
  return true;
}

/** The booking's charge went through: what was collected (set once). */
export async function recordCharge(trx: Db, rentalId: number, amountCents: number): Promise<void> {
  await trx
    .updateTable('rentals')
    .set({ charge_cents: amountCents })
    .where('id', '=', rentalId)
    .where('charge_cents', '=', 0)
    .execute();
}

/**
 * Moves the return date of an open rental (only if `fromEnd` is still current) and holds its
 * unit until `heldUntil` (the new date's cleaning window: domain/availability.ts).
 */
export async function extendRental(
  trx: Db,
  rentalId: number,
  bookingId: number,
  fromEnd: string,
  toEnd: string,
  heldUntil: string,
  add: { price: number; charge: number; earnings: number },
): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set((eb) => ({
      end_date: toEnd,
      extensions: eb('extensions', '+', 1),
      price_cents: eb('price_cents', '+', add.price),
      charge_cents: eb('charge_cents', '+', add.charge),
      lender_earnings_cents: eb('lender_earnings_cents', '+', add.earnings),
    }))
    .where('id', '=', rentalId)
    .where('end_date', '=', fromEnd)
    .where('returned_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.updateTable('bookings').set({ end_date: heldUntil }).where('id', '=', bookingId).execute();
  return true;
}

export async function markDispatched(trx: Db, rentalId: number, by: string, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set({ dispatched_at: at, dispatched_by: by })
    .where('id', '=', rentalId)
    .where('dispatched_at', 'is', null)
    .where('returned_at', 'is', null)
    // Not while its booking's payment is with the provider: a declined one takes the rental back (decision 0030).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.id', '=', 'rentals.order_id')
            .where('orders.status', '=', 'pending_payment'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markReceived(trx: Db, rentalId: number, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set({ received_at: at })
    .where('id', '=', rentalId)
    .where('dispatched_at', 'is not', null)
    .where('received_at', 'is', null)
    .where('returned_at', 'is', null)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The member's 'Return' of a piece she has: sent back (the unit stays held until check-in). */
export async function markSentBack(trx: Db, rentalId: number, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set({ returned_at: at })
    .where('id', '=', rentalId)
    .where('dispatched_at', 'is not', null)
    .where('returned_at', 'is', null)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Checks a rental in (once): graded, with its late fee; a piece never marked sent back is back now. */
export async function markCheckedIn(
  trx: Db,
  rentalId: number,
  v: {
    at: string;
    by: string;
    condition: string;
    note: string | null;
    lateDays: number;
    feeCents: number;
    feeStatus: string | null;
  },
): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set((eb) => ({
      checked_in_at: v.at,
      checked_in_by: v.by,
      condition: v.condition,
      condition_note: v.note,
      late_days: v.lateDays,
      late_fee_cents: v.feeCents,
      late_fee_status: v.feeStatus,
      returned_at: eb.fn.coalesce('returned_at', eb.val(v.at)),
    }))
    .where('id', '=', rentalId)
    .where('dispatched_at', 'is not', null)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Keep it (decision 0059): her purchase went through, the rental is over (once): nothing to send
 * back, no late fee; returned and checked in now, by her, so every list of open rentals lets it go.
 */
export async function markKept(
  trx: Db,
  rentalId: number,
  v: { at: string; by: string; priceCents: number; entryId: number; earningsCents: number | null },
): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set((eb) => ({
      kept_at: v.at,
      kept_price_cents: v.priceCents,
      kept_entry_id: v.entryId,
      kept_earnings_cents: v.earningsCents,
      checked_in_at: v.at,
      checked_in_by: v.by,
      late_days: 0,
      late_fee_cents: 0,
      returned_at: eb.fn.coalesce('returned_at', eb.val(v.at)),
    }))
    .where('id', '=', rentalId)
    .where('dispatched_at', 'is not', null)
    .where('checked_in_at', 'is', null)
    .where('kept_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records the fee's ledger entries and status (in the check-in's or the waiver's transaction). */
export async function setFee(
  trx: Db,
  rentalId: number,
  set: {
    late_fee_status?: string;
    late_fee_entry_id?: number;
    late_fee_refund_entry_id?: number;
    late_fee_error?: string | null;
  },
): Promise<void> {
  await trx.updateTable('rentals').set(set).where('id', '=', rentalId).execute();
}

/** Moves the fee's status from `from` to `to` (once: the settler and a waiver may meet). */
export async function moveFee(
  trx: Db,
  rentalId: number,
  from: string,
  to: string,
  error: string | null,
): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set({ late_fee_status: to, late_fee_error: error })
    .where('id', '=', rentalId)
    .where('late_fee_status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Waives a fee that is due, failed or charged: once. */
export async function waive(trx: Db, rentalId: number, from: string, at: string, by: string): Promise<boolean> {
  const res = await trx
    .updateTable('rentals')
    .set({ late_fee_status: 'waived', late_fee_waived_at: at, late_fee_waived_by: by })
    .where('id', '=', rentalId)
    .where('late_fee_status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What a booking of a unit records (a rental's, or a lending request's: decision 0035). */
export interface Booking {
  userId: string;
  itemId: number;
  unitId: number;
  size: string;
  startDate: string;
  endDate: string;
  /** The days the unit is held (the shipping day before, the cleaning window after: decision 0031). */
  held: { start: string; end: string };
  plan: string;
  priceCents: number;
  /** The member whose piece it is (null: ours), who earns her share of the price. */
  lenderId: string | null;
  lenderEarningsCents: number;
  pickupOption: string;
  billingPeriodStart: string | null;
  orderId: number;
  /** A second unit of another size held for the same days (decision 0034). */
  backup?: { unitId: number; size: string } | undefined;
  at: string;
}

/**
 * Books a unit (the caller has found it free under the core's locks): its held days, a backup
 * size's hold that follows them, and the rental (charged nothing yet). Returns their ids.
 */
export async function book(trx: Db, b: Booking): Promise<{ bookingId: number; rentalId: number }> {
  const days = { item_id: b.itemId, start_date: b.held.start, end_date: b.held.end, created_at: b.at };
  const bookingId = await hold(trx, { unit_id: b.unitId, ...days });
  if (b.backup) await hold(trx, { unit_id: b.backup.unitId, ...days, follows_booking_id: bookingId });
  const rentalId = await insertRental(trx, {
    user_id: b.userId,
    item_id: b.itemId,
    booking_id: bookingId,
    unit_id: b.unitId,
    size: b.size,
    start_date: b.startDate,
    end_date: b.endDate,
    plan: b.plan,
    price_cents: b.priceCents,
    // What was collected: set when the charge succeeds (a plan's rental is not charged).
    charge_cents: 0,
    lender_id: b.lenderId,
    lender_earnings_cents: b.lenderEarningsCents,
    pickup_option: b.pickupOption,
    billing_period_start: b.billingPeriodStart,
    extensions: 0,
    returned_at: null,
    created_at: b.at,
    order_id: b.orderId,
    cancelled_at: null,
    backup_size: b.backup?.size ?? null,
  });
  return { bookingId, rentalId };
}
