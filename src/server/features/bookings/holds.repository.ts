import type { Kysely } from 'kysely';
import type { UnitState } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The end of a hold with no end (a unit in repair, or retired). */
export const OPEN_END = '9999-12-31';

/** A unit's held days (a `bookings` row): a rental's, a backup size's, a waitlist hold's, a lender's block, a repair's. */
export interface NewHold {
  unit_id: number;
  item_id: number;
  start_date: string;
  end_date: string;
  created_at: string;
  /** A backup size's hold names the booking it follows (decision 0034: the database copies its days and release). */
  follows_booking_id?: number;
}

/*
 * The writes of `item_units`, `bookings` and `unit_states` (decision 0053): the only code that
 * changes which unit exists, which days it is held, and where it is. Every function takes the
 * caller's transaction; the moves that compose them are in bookings.core.ts and unit-moves.ts.
 */

/** Holds a unit for the days; returns the booking's id. */
export async function hold(trx: Db, b: NewHold): Promise<number> {
  const row = await trx
    .insertInto('bookings')
    .values({ ...b, released_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Lets held days go (once: a hold already released keeps its first release). */
export async function release(trx: Db, bookingIds: number | readonly number[], at: string): Promise<void> {
  const ids = typeof bookingIds === 'number' ? [bookingIds] : [...bookingIds];
  if (ids.length === 0) return;
  await trx
    .updateTable('bookings')
    .set({ released_at: at })
    .where('id', 'in', ids)
    .where('released_at', 'is', null)
    .execute();
}

/** Takes a released hold back (a waitlist hold whose booking's card was declined keeps the member's unit). */
export async function unrelease(trx: Db, bookingId: number): Promise<void> {
  await trx.updateTable('bookings').set({ released_at: null }).where('id', '=', bookingId).execute();
}

/** Moves the end of a hold (check-in's cleaning window, repair's open end, a repaired unit's cleaning). */
export async function setHeldUntil(trx: Db, bookingId: number, end: string): Promise<void> {
  await trx.updateTable('bookings').set({ end_date: end }).where('id', '=', bookingId).execute();
}

/** Holds the booking until `toHeld`, only if it is still held until `fromHeld` and not released (one extension at a time). */
export async function stretchHold(trx: Db, bookingId: number, fromHeld: string, toHeld: string): Promise<boolean> {
  const res = await trx
    .updateTable('bookings')
    .set({ end_date: toHeld })
    .where('id', '=', bookingId)
    .where('end_date', '=', fromHeld)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A declined extension: the booking is held until where it was (unless something else moved it since). */
export async function unstretchHold(trx: Db, bookingId: number, fromHeld: string, toHeld: string): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({ end_date: fromHeld })
    .where('id', '=', bookingId)
    .where('end_date', '=', toHeld)
    .execute();
}

/** Holds a booking to `end` if it ends earlier and is not released. */
export async function pushHold(trx: Db, bookingId: number, end: string): Promise<boolean> {
  const res = await trx
    .updateTable('bookings')
    .set({ end_date: end })
    .where('id', '=', bookingId)
    .where('end_date', '<', end)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves a reservation (its booking and rental) to another unit of the same item and size. */
export async function moveReservation(trx: Db, rentalId: number, bookingId: number, toUnitId: number): Promise<void> {
  await trx.updateTable('bookings').set({ unit_id: toUnitId }).where('id', '=', bookingId).execute();
  await trx.updateTable('rentals').set({ unit_id: toUnitId }).where('id', '=', rentalId).execute();
}

/** Adds `count` units of a size, numbered after the size's last unit; returns their ids. */
export async function addUnits(trx: Db, itemId: number, size: string, count: number): Promise<number[]> {
  const last = await trx
    .selectFrom('item_units')
    .select((eb) => eb.fn.max('unit_no').as('n'))
    .where('item_id', '=', itemId)
    .where('size', '=', size)
    .executeTakeFirst();
  const from = Number(last?.n ?? 0) + 1;
  const rows = await trx
    .insertInto('item_units')
    .values(Array.from({ length: count }, (_, k) => ({ item_id: itemId, size, unit_no: from + k })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A new listing's units: one per size. */
export async function firstUnits(trx: Db, itemId: number, sizes: readonly string[]): Promise<void> {
  if (sizes.length === 0) return;
  await trx
    .insertInto('item_units')
    .values(sizes.map((size) => ({ item_id: itemId, size, unit_no: 1 })))
    .execute();
}

/** Gives the unit its state row (available) if it has none, so a move can be a conditional update. */
export async function ensureState(trx: Db, unitId: number, at: string): Promise<void> {
  await trx
    .insertInto('unit_states')
    .values({ unit_id: unitId, state: 'available', changed_at: at })
    .onConflict((oc) => oc.column('unit_id').doNothing())
    .execute();
}

export interface UnitStateSet {
  rental_id?: number | null;
  condition?: string | null;
  note?: string | null;
  hold_booking_id?: number | null;
}

/**
 * Moves the unit to `to` only if it is in one of `from` now (and, with `onRental`, only while it
 * is out on that rental); false when it was not (someone else moved it): of two moves at once,
 * one changes the row and the other finds nothing to change (decision 0031).
 */
export async function moveUnit(
  trx: Db,
  unitId: number,
  from: readonly UnitState[],
  to: UnitState,
  at: string,
  set: UnitStateSet = {},
  onRental?: number,
): Promise<boolean> {
  let q = trx
    .updateTable('unit_states')
    .set({ state: to, changed_at: at, ...set })
    .where('unit_id', '=', unitId)
    .where('state', 'in', [...from]);
  if (onRental !== undefined) q = q.where('rental_id', '=', onRental);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Lets a booking's followers (a backup size's hold, decision 0034) go, and not the booking itself. */
export async function releaseFollowers(trx: Db, bookingId: number, at: string): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({ released_at: at })
    .where('follows_booking_id', '=', bookingId)
    .where('released_at', 'is', null)
    .execute();
}

/** Another hold of the unit (not `exceptBookingId`, not released) overlapping [start, end), or undefined. */
export function otherHoldOverlapping(trx: Db, unitId: number, exceptBookingId: number, start: string, end: string) {
  return trx
    .selectFrom('bookings')
    .select(['id', 'start_date'])
    .where('unit_id', '=', unitId)
    .where('id', '!=', exceptBookingId)
    .where('released_at', 'is', null)
    .where('end_date', '>', start)
    .where('start_date', '<', end)
    .orderBy('start_date')
    .executeTakeFirst();
}
