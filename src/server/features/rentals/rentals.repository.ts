import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, RentalsTable } from '../../db/schema';

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
] as const;

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/*
 * A booking's writes, in its transaction: the rentals feature's and the lending requests' (which
 * book a member's piece the same way, decision 0035).
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

/** A booking of a unit for the days (a backup size's also names the booking it follows). */
export async function insertBooking(
  trx: Db,
  b: {
    unit_id: number;
    item_id: number;
    start_date: string;
    end_date: string;
    created_at: string;
    follows_booking_id?: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('bookings')
    .values({ ...b, released_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRental(trx: Db, r: Insertable<RentalsTable>): Promise<number> {
  const row = await trx.insertInto('rentals').values(r).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function createRentalsRepository(db: Db) {
  const base = (q: Db) =>
    q
      .selectFrom('rentals')
      .innerJoin('items', 'items.id', 'rentals.item_id')
      .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
      .leftJoin('orders', 'orders.id', 'rentals.order_id')
      .select(RENTAL_COLUMNS);

  return {
    /**
     * The member's rentals, open ones only unless `all` (open: not returned, or sent back and not
     * checked in yet); soonest return first, then newest. A rental whose payment is still with
     * the provider (seconds) is not listed yet, nor one whose payment was declined.
     */
    listForUser(userId: string, all: boolean) {
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
     * What a booking needs of the item, read inside the booking's transaction. The item's
     * row is locked (FOR NO KEY UPDATE; a quote reads it with `lock` false) until the booking commits: removing or editing the
     * listing takes the same lock, so one of them decides after the other has finished and sees
     * its result (a removed item is not booked; a booked item is not removed).
     */
    itemForBooking(trx: Db, itemId: number, lock = true) {
      const q = trx
        .selectFrom('items')
        .select(['id', 'owner_id', 'status', 'rental_price_cents', 'sizes'])
        .where('id', '=', itemId);
      return (lock ? q.forNoKeyUpdate() : q).executeTakeFirst();
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

    insertBooking,

    /** The backup size's hold: a booking of another unit that follows the rental's (decision 0034: the database copies its days and release). */
    insertBackupBooking(
      trx: Db,
      b: {
        unit_id: number;
        item_id: number;
        start_date: string;
        end_date: string;
        created_at: string;
        follows_booking_id: number;
      },
    ): Promise<number> {
      return insertBooking(trx, b);
    },

    insertRental,

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

    /** The booking's charge went through: what was collected (set once). */
    async recordCharge(trx: Db, rentalId: number, amountCents: number): Promise<void> {
      await trx
        .updateTable('rentals')
        .set({ charge_cents: amountCents })
        .where('id', '=', rentalId)
        .where('charge_cents', '=', 0)
        .execute();
    },

    /** Takes back a booking whose payment was declined: the rental and its hold on the unit are gone. */
    async deleteRental(trx: Db, rentalId: number): Promise<{ item_id: number } | undefined> {
      const row = await trx
        .deleteFrom('rentals')
        .where('id', '=', rentalId)
        .returning(['booking_id', 'item_id'])
        .executeTakeFirst();
      if (row) await trx.deleteFrom('bookings').where('id', '=', row.booking_id).execute();
      return row;
    },

    /** What a settler needs of a rental. */
    forSettlement(trx: Db, rentalId: number) {
      return trx
        .selectFrom('rentals')
        .select(['id', 'item_id', 'booking_id', 'lender_id', 'end_date', 'returned_at'])
        .where('id', '=', rentalId)
        .executeTakeFirst();
    },

    /**
     * Cancels an open rental before its start: it ends now (returned_at, so every query of open
     * rentals sees it closed) as a cancellation, and the unit is free. False when it had ended or
     * was dispatched meanwhile (like the desk's cancelReservation: the rental's row, then the booking's).
     */
    async markCancelled(trx: Db, rentalId: number, bookingId: number, now: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ returned_at: now, cancelled_at: now })
        .where('id', '=', rentalId)
        .where('returned_at', 'is', null)
        .where('dispatched_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('bookings')
        .set({ released_at: now })
        .where('id', '=', bookingId)
        .where('released_at', 'is', null)
        .execute();
      return true;
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

    /**
     * Holds the unit for an extension's week while its charge is with the provider: the booking is
     * held until `toHeld`, only if it is still held until `fromHeld` (one extension at a time).
     */
    async holdExtension(trx: Db, bookingId: number, fromHeld: string, toHeld: string): Promise<boolean> {
      const res = await trx
        .updateTable('bookings')
        .set({ end_date: toHeld })
        .where('id', '=', bookingId)
        .where('end_date', '=', fromHeld)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A declined extension: the booking is held until where it was (unless something else moved it since). */
    async releaseExtension(trx: Db, bookingId: number, fromHeld: string, toHeld: string): Promise<void> {
      await trx
        .updateTable('bookings')
        .set({ end_date: fromHeld })
        .where('id', '=', bookingId)
        .where('end_date', '=', toHeld)
        .execute();
    },

    /**
     * Takes the rental's row lock (PostgreSQL; after its unit's, the order every move takes): what
     * changes the rental (an extension's settlement) waits until this transaction ends, so what it
     * reads next is what it decides on.
     */
    async lockRental(trx: Db, rentalId: number): Promise<void> {
      await trx.selectFrom('rentals').select('id').where('id', '=', rentalId).forUpdate().execute();
    },

    /** Takes the unit's row lock (PostgreSQL) so an extension and a booking of it run one after the other. */
    async lockUnit(trx: Db, unitId: number): Promise<void> {
      await trx.selectFrom('item_units').select('id').where('id', '=', unitId).forUpdate().execute();
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

    /**
     * Moves the return date of an open rental (only if `fromEnd` is still current) and holds its
     * unit until `heldUntil` (the new date's cleaning window: domain/availability.ts).
     */
    async extend(
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
