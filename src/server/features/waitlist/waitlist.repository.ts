import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const ENTRY_COLUMNS = [
  'waitlist_entries.id',
  'waitlist_entries.user_id',
  'waitlist_entries.item_id',
  'waitlist_entries.size',
  'waitlist_entries.start_date',
  'waitlist_entries.end_date',
  'waitlist_entries.status',
  'waitlist_entries.created_at',
  'waitlist_entries.hold_expires_at',
  'waitlist_entries.hold_booking_id',
  'waitlist_entries.rental_id',
  'items.name',
  'items.brand',
  'items.status as item_status',
] as const;

/** The waitlist's queries (decision 0034): every change of an entry is one conditional update. */
export function createWaitlistRepository(db: Db) {
  const base = (q: Db) =>
    q.selectFrom('waitlist_entries').innerJoin('items', 'items.id', 'waitlist_entries.item_id').select(ENTRY_COLUMNS);

  return {
    async insert(e: {
      user_id: string;
      item_id: number;
      size: string;
      start_date: string;
      end_date: string;
      created_at: string;
    }): Promise<number> {
      const row = await db
        .insertInto('waitlist_entries')
        .values({
          ...e,
          status: 'waiting',
          held_at: null,
          hold_expires_at: null,
          hold_booking_id: null,
          rental_id: null,
          ended_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The member's live entries (waiting or held), newest first. */
    listLive(userId: string) {
      return base(db)
        .where('waitlist_entries.user_id', '=', userId)
        .where('waitlist_entries.status', 'in', ['waiting', 'held'])
        .orderBy('waitlist_entries.id', 'desc')
        .limit(100)
        .execute();
    },

    forUser(id: number, userId: string) {
      return base(db)
        .where('waitlist_entries.id', '=', id)
        .where('waitlist_entries.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Her place among those waiting for the item and size: 1 + the entries ahead of hers. */
    async position(itemId: number, size: string, id: number): Promise<number> {
      const row = await db
        .selectFrom('waitlist_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('item_id', '=', itemId)
        .where('size', '=', size)
        .where('status', '=', 'waiting')
        .where('id', '<', id)
        .executeTakeFirstOrThrow();
      return Number(row.n) + 1;
    },

    /** Entries waiting, first come first: the order units are offered in. */
    waiting(limit = 500) {
      return base(db)
        .where('waitlist_entries.status', '=', 'waiting')
        .orderBy('waitlist_entries.id')
        .limit(limit)
        .execute();
    },

    /** Holds whose 24 hours are over. */
    heldDue(nowIso: string, limit = 500) {
      return db
        .selectFrom('waitlist_entries')
        .select(['id', 'item_id', 'size'])
        .where('status', '=', 'held')
        .where('hold_expires_at', '<=', nowIso)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Waiting entries whose dates have started: too late for any hold. */
    async expireStale(today: string, nowIso: string): Promise<void> {
      await db
        .updateTable('waitlist_entries')
        .set({ status: 'expired', ended_at: nowIso })
        .where('status', '=', 'waiting')
        .where('start_date', '<', today)
        .execute();
    },

    /** The item's status, read after the core has locked its row (an offer holds a unit of it). */
    item(trx: Db, itemId: number) {
      return trx.selectFrom('items').select(['id', 'status']).where('id', '=', itemId).executeTakeFirst();
    },

    /** waiting -> held with the booking that holds the unit; false when the entry was no longer waiting. */
    async hold(trx: Db, id: number, bookingId: number, nowIso: string, expiresIso: string): Promise<boolean> {
      const res = await trx
        .updateTable('waitlist_entries')
        .set({ status: 'held', held_at: nowIso, hold_expires_at: expiresIso, hold_booking_id: bookingId })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * held -> booked, only by its member and only before the hold expires: of any number of
     * confirmations at once, one changes the row. The booking that held the unit, or undefined.
     */
    async claimHold(
      trx: Db,
      id: number,
      userId: string,
      nowIso: string,
    ): Promise<{ hold_booking_id: number | null } | undefined> {
      return trx
        .updateTable('waitlist_entries')
        .set({ status: 'booked', ended_at: nowIso })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'held')
        .where('hold_expires_at', '>', nowIso)
        .returning('hold_booking_id')
        .executeTakeFirst();
    },

    async attachRental(trx: Db, id: number, rentalId: number): Promise<void> {
      await trx.updateTable('waitlist_entries').set({ rental_id: rentalId }).where('id', '=', id).execute();
    },

    /** held -> expired once its time is over; the booking that held the unit, or undefined. */
    async expire(trx: Db, id: number, nowIso: string) {
      return trx
        .updateTable('waitlist_entries')
        .set({ status: 'expired', ended_at: nowIso })
        .where('id', '=', id)
        .where('status', '=', 'held')
        .where('hold_expires_at', '<=', nowIso)
        .returning('hold_booking_id')
        .executeTakeFirst();
    },

    /** She leaves the list (waiting or held); the booking that held a unit for her, if any. */
    async leave(trx: Db, id: number, userId: string, nowIso: string) {
      return trx
        .updateTable('waitlist_entries')
        .set({ status: 'left', ended_at: nowIso })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', 'in', ['waiting', 'held'])
        .returning(['hold_booking_id'])
        .executeTakeFirst();
    },

    /** The entry a rental was booked from (status 'booked'), for a declined charge. */
    bookedFrom(trx: Db, rentalId: number) {
      return trx
        .selectFrom('waitlist_entries')
        .select(['id', 'user_id', 'item_id', 'size', 'start_date', 'hold_booking_id', 'hold_expires_at'])
        .where('rental_id', '=', rentalId)
        .where('status', '=', 'booked')
        .executeTakeFirst();
    },

    /** Whether she has another live entry for the same piece, size and dates (she joined again). */
    async hasLiveTwin(
      trx: Db,
      e: { id: number; user_id: string; item_id: number; size: string; start_date: string },
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('waitlist_entries')
        .select('id')
        .where('user_id', '=', e.user_id)
        .where('item_id', '=', e.item_id)
        .where('size', '=', e.size)
        .where('start_date', '=', e.start_date)
        .where('status', 'in', ['waiting', 'held'])
        .where('id', '<>', e.id)
        .executeTakeFirst();
      return !!row;
    },

    /**
     * Whether the unit of a released hold is still free for its days: no active booking overlaps
     * them but the hold itself and the declined rental's booking (deleted in the same transaction).
     */
    async holdUnitFree(trx: Db, holdBookingId: number, rentalId: number): Promise<boolean> {
      const clash = await trx
        .selectFrom('bookings as b')
        .innerJoin('bookings as h', 'h.unit_id', 'b.unit_id')
        .select('b.id')
        .where('h.id', '=', holdBookingId)
        .where('b.id', '<>', holdBookingId)
        .where('b.released_at', 'is', null)
        .whereRef('b.end_date', '>', 'h.start_date')
        .whereRef('b.start_date', '<', 'h.end_date')
        .where((eb) => eb('b.id', 'not in', eb.selectFrom('rentals').select('booking_id').where('id', '=', rentalId)))
        .executeTakeFirst();
      return !clash;
    },

    /** booked -> held again on the same hold (the caller has the core take its booking back): a declined card keeps her hold. */
    async reHold(trx: Db, id: number, holdBookingId: number): Promise<boolean> {
      const res = await trx
        .updateTable('waitlist_entries')
        .set({ status: 'held', rental_id: null, ended_at: null })
        .where('id', '=', id)
        .where('status', '=', 'booked')
        .where('hold_booking_id', '=', holdBookingId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** booked -> waiting (her place kept, the hold gone) or expired (its time is over), after a declined card. */
    async unbook(trx: Db, id: number, to: 'waiting' | 'expired', nowIso: string): Promise<void> {
      await trx
        .updateTable('waitlist_entries')
        .set(
          to === 'waiting'
            ? {
                status: 'waiting',
                held_at: null,
                hold_expires_at: null,
                hold_booking_id: null,
                rental_id: null,
                ended_at: null,
              }
            : { status: 'expired', rental_id: null, ended_at: nowIso },
        )
        .where('id', '=', id)
        .where('status', '=', 'booked')
        .execute();
    },
  };
}

export type WaitlistRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createWaitlistRepository>['forUser']>>>;
