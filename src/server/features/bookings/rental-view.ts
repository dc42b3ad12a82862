import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/*
 * The rental as the moves and the desk read it (a read model of the bookings core's tables with
 * its item, unit, member, lender, order and backup): one query, shared by the core's moves and
 * the desk's lists (ops.repository.ts).
 */

const DESK_COLUMNS = [
  'rentals.id as rental_id',
  'rentals.item_id',
  'rentals.unit_id',
  'rentals.booking_id',
  'rentals.user_id',
  'rentals.size',
  'rentals.start_date',
  'rentals.end_date',
  'rentals.pickup_option',
  'rentals.returned_at',
  'rentals.dispatched_at',
  'rentals.received_at',
  'rentals.checked_in_at',
  'rentals.kept_at',
  // The carrier's first scan of its return parcel (decision 0061): late days stop there.
  'rentals.return_scanned_at',
  'rentals.late_days',
  'rentals.late_fee_cents',
  'rentals.late_fee_status',
  'items.name as item_name',
  'items.brand',
  'items.rental_price_cents',
  'items.retail_price_cents',
  'item_units.unit_no',
  'user.email',
  'user.name as member_name',
  'lender.name as lender_name',
  'bookings.start_date as held_from',
  'bookings.end_date as held_until',
  'bookings.released_at as booking_released_at',
  'unit_states.state as unit_state',
  // Where it goes, as the order recorded it at booking (issue 15's checkout).
  'orders.recipient_name',
  'orders.address_line1',
  'orders.address_line2',
  'orders.address_city',
  'orders.address_state',
  'orders.address_zip',
  'orders.studio_name',
  'orders.studio_address',
  'rentals.backup_size',
  'backup_booking.unit_id as backup_unit_id',
] as const;

/** A rental with everything the desk shows of it (see desk-rental.ts); `q` may be a transaction. */
export function deskQuery(q: Db) {
  return q
    .selectFrom('rentals')
    .innerJoin('items', 'items.id', 'rentals.item_id')
    .innerJoin('item_units', 'item_units.id', 'rentals.unit_id')
    .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
    .innerJoin('user', 'user.id', 'rentals.user_id')
    .leftJoin('user as lender', 'lender.id', 'rentals.lender_id')
    .leftJoin('unit_states', 'unit_states.unit_id', 'rentals.unit_id')
    .leftJoin('orders', 'orders.id', 'rentals.order_id')
    .leftJoin('bookings as backup_booking', 'backup_booking.follows_booking_id', 'rentals.booking_id')
    .select(DESK_COLUMNS);
}

export type DeskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof deskQuery>['executeTakeFirst']>>>;
