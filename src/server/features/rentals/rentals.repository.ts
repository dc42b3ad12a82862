import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BOOKABLE_ITEM } from '../bookings';

type Db = Kysely<DB>;

const RENTAL_COLUMNS = [
  'rentals.id',
  'rentals.item_id',
  'rentals.booking_id',
  'rentals.unit_id',
  'rentals.size',
  'rentals.start_date',
  'rentals.end_date',
  'rentals.plan',
  'rentals.price_cents',
  'rentals.charge_cents',
  'rentals.lender_id',
  'rentals.pickup_option',
  'rentals.extensions',
  'rentals.returned_at',
  'rentals.return_scanned_at',
  'rentals.cancelled_at',
  'rentals.created_at',
  'rentals.dispatched_at',
  'rentals.received_at',
  'rentals.checked_in_at',
  'rentals.late_days',
  'rentals.late_fee_cents',
  'rentals.late_fee_status',
  'rentals.order_id',
  'rentals.billing_period_start',
  'orders.number as order_number',
  'orders.status as order_status',
  'items.name',
  'items.brand',
  'items.owner_id',
  'items.rental_price_cents',
  'items.retail_price_cents',
  'bookings.end_date as held_until',
  'rentals.backup_size',
  'rentals.kept_at',
  'rentals.kept_price_cents',
] as const;

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/*
 * A booking's checks, in its transaction: the rentals feature's and the lending requests' (which
 * book a member's piece the same way, decision 0035). Its writes are the bookings core's (decision 0053).
 */

/**
 * True while the member's account exists (not deleted). On PostgreSQL her `user` row is held
 * FOR SHARE until the booking commits, so an account deletion (which takes it FOR UPDATE after
 * her pieces) either finished before and is seen here, or waits and then finds this rental.
 */
export async function memberIsActive(trx: Db, userId: string): Promise<boolean> {
  await trx.selectFrom('user').select('id').where('id', '=', userId).forShare().execute();
  const profile = await trx.selectFrom('profiles').select('deleted_at').where('id', '=', userId).executeTakeFirst();
  return !!profile && profile.deleted_at === null;
}

export async function hasOpenRental(trx: Db, userId: string, itemId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('rentals')
    .select('id')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .where('returned_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}

export function createRentalsRepository(db: Db) {
  const base = (q: Db) =>
    q
      .selectFrom('rentals')
      .innerJoin('items', 'items.id', 'rentals.item_id')
      .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
      .leftJoin('orders', 'orders.id', 'rentals.order_id')
      .select(RENTAL_COLUMNS)
      // Keep it's price falls with the unit's earlier rentals (those that went out; decision 0059).
      .select(
        sql<number>`(select cast(count(*) as integer) from rentals as earlier where earlier.unit_id = rentals.unit_id and earlier.id < rentals.id and earlier.dispatched_at is not null)`.as(
          'past_rentals',
        ),
      );

  return {
    /**
     * The member's rentals, open ones only unless `all` (open: not returned, or sent back and not
     * checked in yet); soonest return first, then newest. A rental whose payment is still with
     * the provider (seconds) is not listed yet, nor one whose payment was declined.
     */
    listForUser(userId: string, all: boolean, keptSince?: string) {
      let q = base(db)
        .where('rentals.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('orders.status', 'is', null),
            eb('orders.status', 'not in', ['pending_payment', 'payment_failed']),
          ]),
        );
      if (!all)
        q = q.where((eb) =>
          eb.or([
            eb('rentals.returned_at', 'is', null),
            eb.and([eb('rentals.dispatched_at', 'is not', null), eb('rentals.checked_in_at', 'is', null)]),
            // A piece she kept stays on the list a while, as hers (decision 0059).
            ...(keptSince ? [eb('rentals.kept_at', '>=', keptSince)] : []),
          ]),
        );
      return q
        .orderBy(sql`case when rentals.returned_at is null then 0 else 1 end`)
        .orderBy('rentals.end_date')
        .orderBy('rentals.id', 'desc')
        .execute();
    },

    /**
     * Late to dispatch (docs/product.md "Renting"): open, confirmed bookings of our pieces not sent
     * (nor ready at the studio) by the end of their start day, oldest start first. A member's
     * piece is handed over by its lender (decision 0035), so it is not one of ours to be late with.
     */
    lateToDispatch(today: string, limit = 500) {
      return base(db)
        .select('rentals.user_id')
        .where('rentals.dispatched_at', 'is', null)
        .where('rentals.returned_at', 'is', null)
        .where('rentals.start_date', '<', today)
        .where('rentals.lender_id', 'is', null)
        .where((eb) => eb.or([eb('orders.status', 'is', null), eb('orders.status', '=', 'confirmed')]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('booking_requests')
                .select('booking_requests.id')
                .whereRef('booking_requests.rental_id', '=', 'rentals.id'),
            ),
          ),
        )
        .orderBy('rentals.start_date')
        .orderBy('rentals.id')
        .limit(limit)
        .execute();
    },

    /** One of the member's rentals; undefined for anyone else's. */
    findForUser(id: number, userId: string, q: Db = db) {
      return base(q).where('rentals.id', '=', id).where('rentals.user_id', '=', userId).executeTakeFirst();
    },

    /**
     * What a booking checks of the item (BOOKABLE_ITEM), read without a lock: for a quote, and for
     * the reason a size is missing. A booking itself reads it as it locks the row
     * (`core.lockItemForBooking`), so removing or editing the listing, which takes the same lock,
     * decides before or after it.
     */
    itemForBooking(q: Db, itemId: number) {
      return q.selectFrom('items').select(BOOKABLE_ITEM).where('id', '=', itemId).executeTakeFirst();
    },

    memberIsActive,
    hasOpenRental,

    /**
     * Counts one rental against the member's allowance for the period, only while under the
     * limit: the conditional update decides, so concurrent bookings cannot exceed it.
     */
    async useAllowance(trx: Db, userId: string, periodStart: string, allowance: number): Promise<boolean> {
      await trx
        .insertInto('rental_allowance_usage')
        .values({ user_id: userId, period_start: periodStart, used: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'period_start']).doNothing())
        .execute();
      const res = await trx
        .updateTable('rental_allowance_usage')
        .set((eb) => ({ used: eb('used', '+', 1) }))
        .where('user_id', '=', userId)
        .where('period_start', '=', periodStart)
        .where('used', '<', allowance)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async allowanceUsed(userId: string, periodStart: string): Promise<number> {
      const row = await db
        .selectFrom('rental_allowance_usage')
        .select('used')
        .where('user_id', '=', userId)
        .where('period_start', '=', periodStart)
        .executeTakeFirst();
      return row?.used ?? 0;
    },

    async countRental(trx: Db, itemId: number): Promise<void> {
      await trx
        .updateTable('items')
        .set((eb) => ({ rental_count: eb('rental_count', '+', 1) }))
        .where('id', '=', itemId)
        .execute();
    },

    /** A cancelled booking was not a rental: the item's count goes back down. */
    async uncountRental(trx: Db, itemId: number): Promise<void> {
      await trx
        .updateTable('items')
        .set((eb) => ({ rental_count: eb('rental_count', '-', 1) }))
        .where('id', '=', itemId)
        .where('rental_count', '>', 0)
        .execute();
    },

    /** What a settler needs of a rental. */
    forSettlement(trx: Db, rentalId: number) {
      return trx
        .selectFrom('rentals')
        .select(['id', 'item_id', 'booking_id', 'lender_id', 'end_date', 'returned_at'])
        .where('id', '=', rentalId)
        .executeTakeFirst();
    },

    /** Gives a cancelled rental's place in the plan's month back. */
    async giveBackAllowance(trx: Db, userId: string, periodStart: string): Promise<boolean> {
      const res = await trx
        .updateTable('rental_allowance_usage')
        .set((eb) => ({ used: eb('used', '-', 1) }))
        .where('user_id', '=', userId)
        .where('period_start', '=', periodStart)
        .where('used', '>', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The first other active booking of the unit overlapping [start, end), if any. */
    otherBookingOverlapping(trx: Db, unitId: number, exceptBookingId: number, start: string, end: string) {
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
    },

    /** Item ids of every rental the member has made, cancellations left out (for the water savings and recommendations). */
    rentedItemIds(userId: string) {
      return db
        .selectFrom('rentals')
        .select('item_id')
        .where('user_id', '=', userId)
        .where('cancelled_at', 'is', null)
        .execute();
    },
  };
}

export type RentalsRepository = ReturnType<typeof createRentalsRepository>;
export type RentalRow = NonNullable<Awaited<ReturnType<RentalsRepository['findForUser']>>>;
