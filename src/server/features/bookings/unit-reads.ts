import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deskQuery } from './rental-view';

type Db = Kysely<DB>;

const UNIT_COLUMNS = [
  'item_units.id',
  'item_units.item_id',
  'item_units.size',
  'item_units.unit_no',
  'items.name as item_name',
  'items.brand',
  'items.owner_id',
  'unit_states.state',
  'unit_states.condition',
  'unit_states.note',
  'unit_states.rental_id',
  'unit_states.hold_booking_id',
  'unit_states.changed_at',
] as const;

/** A unit with its item and state (no state row: available). */
export function unitQuery(q: Db) {
  return q
    .selectFrom('item_units')
    .innerJoin('items', 'items.id', 'item_units.item_id')
    .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
    .select(UNIT_COLUMNS);
}

export function unitRow(q: Db, unitId: number) {
  return unitQuery(q).where('item_units.id', '=', unitId).executeTakeFirst();
}

export type UnitRow = NonNullable<Awaited<ReturnType<typeof unitRow>>>;

export type RentalView = NonNullable<Awaited<ReturnType<typeof rentalView>>>;

/** A rental as the moves and the desk read it; `q` may be a transaction. */
export function rentalView(q: Db, rentalId: number) {
  return deskQuery(q).where('rentals.id', '=', rentalId).executeTakeFirst();
}

/** Reservations of the unit (not dispatched, not cancelled) whose held days overlap [from, to). */
export function reservationsOverlapping(trx: Db, unitId: number, from: string, to: string) {
  return trx
    .selectFrom('rentals')
    .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
    .select([
      'rentals.id',
      'rentals.booking_id',
      'rentals.item_id',
      'rentals.size',
      'bookings.start_date',
      'bookings.end_date',
    ])
    .where('rentals.unit_id', '=', unitId)
    .where('rentals.dispatched_at', 'is', null)
    .where('rentals.returned_at', 'is', null)
    .where('bookings.released_at', 'is', null)
    .where('bookings.end_date', '>', from)
    .where('bookings.start_date', '<', to)
    .orderBy('bookings.start_date')
    .execute();
}

/** Rentals out (dispatched, not checked in) whose unit is held for less than until `heldTill`. */
export function holdsToPush(db: Db, heldTill: string, limit = 500) {
  return db
    .selectFrom('rentals')
    .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
    .select(['rentals.id', 'rentals.booking_id', 'rentals.unit_id', 'bookings.end_date'])
    .where('rentals.dispatched_at', 'is not', null)
    .where('rentals.checked_in_at', 'is', null)
    .where('bookings.released_at', 'is', null)
    .where('bookings.end_date', '<', heldTill)
    .orderBy('rentals.id')
    .limit(limit)
    .execute();
}

/** True while the rental is out (not checked in). */
export async function stillOut(trx: Db, rentalId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('rentals')
    .select('id')
    .where('id', '=', rentalId)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}

/** The late-fee columns of a rental, for the settler and the waiver. */
export function lateFee(q: Db, rentalId: number) {
  return q
    .selectFrom('rentals')
    .select([
      'id',
      'user_id',
      'late_days',
      'late_fee_cents',
      'late_fee_status',
      'late_fee_entry_id',
      'late_fee_refund_entry_id',
      'late_fee_error',
      'checked_in_at',
    ])
    .where('id', '=', rentalId)
    .executeTakeFirst();
}
