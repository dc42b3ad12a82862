import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasOpenRental, memberIsActive } from '../rentals';

type Db = Kysely<DB>;

const REQUEST_COLUMNS = [
  'booking_requests.id',
  'booking_requests.rental_id',
  'booking_requests.item_id',
  'booking_requests.renter_id',
  'booking_requests.lender_id',
  'booking_requests.status',
  'booking_requests.authorisation_entry_id',
  'booking_requests.expires_at',
  'booking_requests.decided_at',
  'booking_requests.created_at',
  'rentals.size',
  'rentals.start_date',
  'rentals.end_date',
  'rentals.price_cents',
  'rentals.pickup_option',
  'rentals.dispatched_at',
  'rentals.received_at',
  'rentals.returned_at',
  'rentals.checked_in_at',
  'rentals.cancelled_at',
  'rentals.booking_id',
  'rentals.unit_id',
  'rentals.order_id',
  'items.name as item_name',
  'items.brand',
  'renter.name as renter_name',
  'lender.name as lender_name',
  'bookings.released_at as booking_released_at',
  'lender_cancellations.created_at as lender_cancelled_at',
] as const;

/** The lending feature's queries (the only code of it that touches Kysely). */
export function createLendingRepository(db: Db) {
  const base = (q: Db) =>
    q
      .selectFrom('booking_requests')
      .innerJoin('rentals', 'rentals.id', 'booking_requests.rental_id')
      .innerJoin('items', 'items.id', 'booking_requests.item_id')
      .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
      .innerJoin('user as renter', 'renter.id', 'booking_requests.renter_id')
      .innerJoin('user as lender', 'lender.id', 'booking_requests.lender_id')
      .leftJoin('lender_cancellations', 'lender_cancellations.request_id', 'booking_requests.id')
      .select(REQUEST_COLUMNS);

  return {
    request(id: number, q: Db = db) {
      return base(q).where('booking_requests.id', '=', id).executeTakeFirst();
    },

    requestForRental(rentalId: number, q: Db = db) {
      return base(q).where('booking_requests.rental_id', '=', rentalId).executeTakeFirst();
    },

    /** The member's requests as lender or renter, newest first (failed authorisations left out). */
    requestsOf(userId: string, role: 'lender' | 'renter') {
      return base(db)
        .where(role === 'lender' ? 'booking_requests.lender_id' : 'booking_requests.renter_id', '=', userId)
        .where('booking_requests.status', 'not in', role === 'lender' ? ['authorising', 'failed'] : ['authorising'])
        .orderBy('booking_requests.id', 'desc')
        .limit(200)
        .execute();
    },

    /** Takes the request's row lock (PostgreSQL) so its answers run one after the other. */
    async lockRequest(trx: Db, id: number): Promise<void> {
      await trx.selectFrom('booking_requests').select('id').where('id', '=', id).forUpdate().execute();
    },

    /** What a request needs of the item, read in its transaction after the core has locked its row (the lock a listing's removal also takes). */
    itemForRequest(trx: Db, itemId: number) {
      return trx
        .selectFrom('items')
        .select(['id', 'name', 'owner_id', 'status', 'rental_price_cents', 'retail_price_cents'])
        .where('id', '=', itemId)
        .executeTakeFirst();
    },

    // Booking the piece: the same checks as the rentals feature's (its writes are the bookings core's).
    memberIsActive,
    hasOpenRental,

    async insertRequest(
      trx: Db,
      r: {
        rental_id: number;
        item_id: number;
        renter_id: string;
        lender_id: string;
        expires_at: string;
        created_at: string;
      },
    ): Promise<number> {
      return (
        await trx
          .insertInto('booking_requests')
          .values({ ...r, status: 'authorising', authorisation_entry_id: null, decided_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },

    async setAuthorisation(trx: Db, id: number, entryId: number): Promise<void> {
      await trx.updateTable('booking_requests').set({ authorisation_entry_id: entryId }).where('id', '=', id).execute();
    },

    /** Moves a request from one status to another; false when it was not in `from` (someone answered first). */
    async move(
      trx: Db,
      id: number,
      from: string[],
      to: string,
      at: string | null,
      opts: { notExpiredAt?: string; expiredAt?: string } = {},
    ): Promise<boolean> {
      let q = trx
        .updateTable('booking_requests')
        .set({ status: to, ...(at ? { decided_at: at } : {}) })
        .where('id', '=', id)
        .where('status', 'in', from);
      if (opts.notExpiredAt) q = q.where('expires_at', '>', opts.notExpiredAt);
      if (opts.expiredAt) q = q.where('expires_at', '<=', opts.expiredAt);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async countRental(trx: Db, itemId: number): Promise<void> {
      await trx
        .updateTable('items')
        .set((eb) => ({ rental_count: eb('rental_count', '+', 1) }))
        .where('id', '=', itemId)
        .execute();
    },

    /** Pending requests whose 48 hours have passed, oldest first. */
    expiredIds(at: string, limit: number) {
      return db
        .selectFrom('booking_requests')
        .select('id')
        .where('status', '=', 'pending')
        .where('expires_at', '<=', at)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },

    /** The renter and lender of a rental (for the thread), if it was a request between members. */
    parties(rentalId: number, q: Db = db) {
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .innerJoin('user as renter', 'renter.id', 'rentals.user_id')
        .leftJoin('user as lender', 'lender.id', 'rentals.lender_id')
        .select([
          'rentals.id',
          'rentals.user_id',
          'rentals.lender_id',
          'items.name as item_name',
          'renter.name as renter_name',
          'lender.name as lender_name',
        ])
        .where('rentals.id', '=', rentalId)
        .executeTakeFirst();
    },

    messages(rentalId: number) {
      return db
        .selectFrom('rental_messages')
        .select(['id', 'sender_id', 'body', 'created_at'])
        .where('rental_id', '=', rentalId)
        .orderBy('id')
        .limit(500)
        .execute();
    },

    async insertMessage(
      trx: Db,
      m: { rental_id: number; sender_id: string; body: string; created_at: string },
    ): Promise<number> {
      return (await trx.insertInto('rental_messages').values(m).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** Marks the thread read up to `lastId` for the member (never backwards). */
    async markRead(q: Db, rentalId: number, userId: string, lastId: number): Promise<void> {
      await q
        .insertInto('rental_thread_reads')
        .values({ rental_id: rentalId, user_id: userId, last_read_id: lastId })
        .onConflict((oc) =>
          oc.columns(['rental_id', 'user_id']).doUpdateSet({
            last_read_id: sql<number>`case when excluded.last_read_id > rental_thread_reads.last_read_id then excluded.last_read_id else rental_thread_reads.last_read_id end`,
          }),
        )
        .execute();
    },

    /** Unread messages per rental for the member (messages from the other party after her last read). */
    async unreadByRental(userId: string, rentalIds?: number[]): Promise<Map<number, number>> {
      if (rentalIds && rentalIds.length === 0) return new Map();
      let q = db
        .selectFrom('rental_messages as m')
        .innerJoin('rentals as r', 'r.id', 'm.rental_id')
        .leftJoin('rental_thread_reads as t', (j) =>
          j.onRef('t.rental_id', '=', 'm.rental_id').on('t.user_id', '=', userId),
        )
        .select(['m.rental_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where((eb) => eb.or([eb('r.user_id', '=', userId), eb('r.lender_id', '=', userId)]))
        .where('m.sender_id', '!=', userId)
        .where((eb) => eb.or([eb('t.last_read_id', 'is', null), eb('m.id', '>', eb.ref('t.last_read_id'))]))
        .groupBy('m.rental_id');
      if (rentalIds) q = q.where('m.rental_id', 'in', rentalIds);
      const rows = await q.execute();
      return new Map(rows.map((r) => [r.rental_id, Number(r.n)]));
    },

    /* ------------------------------------------------------------ the lender's calendar */

    ownedItem(itemId: number, q: Db = db) {
      return q
        .selectFrom('items')
        .select(['id', 'name', 'owner_id', 'status'])
        .where('id', '=', itemId)
        .executeTakeFirst();
    },

    units(trx: Db, itemId: number) {
      return trx.selectFrom('item_units').select('id').where('item_id', '=', itemId).orderBy('id').execute();
    },

    async unitBusy(trx: Db, unitId: number, start: string, end: string): Promise<boolean> {
      const row = await trx
        .selectFrom('bookings')
        .select('id')
        .where('unit_id', '=', unitId)
        .where('released_at', 'is', null)
        .where('end_date', '>', start)
        .where('start_date', '<', end)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    async insertBlock(
      trx: Db,
      b: { item_id: number; lender_id: string; start_date: string; end_date: string; created_at: string },
    ): Promise<number> {
      return (
        await trx
          .insertInto('lender_blocks')
          .values({ ...b, removed_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },

    async linkBlockBooking(trx: Db, blockId: number, bookingId: number): Promise<void> {
      await trx.insertInto('lender_block_units').values({ block_id: blockId, booking_id: bookingId }).execute();
    },

    blocks(itemId: number, from: string) {
      return db
        .selectFrom('lender_blocks')
        .select(['id', 'item_id', 'start_date', 'end_date', 'created_at'])
        .where('item_id', '=', itemId)
        .where('removed_at', 'is', null)
        .where('end_date', '>', from)
        .orderBy('start_date')
        .execute();
    },

    block(id: number, q: Db = db) {
      return q
        .selectFrom('lender_blocks')
        .select(['id', 'item_id', 'lender_id', 'removed_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Removes a block (once); returns the bookings that held its days (for the core to release), or null when it was removed already. */
    async removeBlock(trx: Db, id: number, at: string): Promise<number[] | null> {
      const res = await trx
        .updateTable('lender_blocks')
        .set({ removed_at: at })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      return (await trx.selectFrom('lender_block_units').select('booking_id').where('block_id', '=', id).execute()).map(
        (r) => r.booking_id,
      );
    },

    /** The item's rentals still holding days from `from` (what the lender cannot block). */
    rentalsHolding(itemId: number, from: string) {
      return db
        .selectFrom('rentals')
        .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
        .select([
          'rentals.start_date',
          'rentals.end_date',
          'bookings.start_date as held_from',
          'bookings.end_date as held_until',
        ])
        .where('rentals.item_id', '=', itemId)
        .where('bookings.released_at', 'is', null)
        .where('bookings.end_date', '>', from)
        .orderBy('bookings.start_date')
        .execute();
    },

    /* ------------------------------------------------------------ handover photos */

    photos(rentalIds: number[]) {
      if (rentalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('handover_photos')
        .select(['rental_id', 'stage', 'position', 'file_name', 'width', 'height'])
        .where('rental_id', 'in', rentalIds)
        .orderBy('rental_id')
        .orderBy('stage')
        .orderBy('position')
        .execute();
    },

    async photoCount(q: Db, rentalId: number, stage: string): Promise<number> {
      const row = await q
        .selectFrom('handover_photos')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('rental_id', '=', rentalId)
        .where('stage', '=', stage)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insertPhotos(
      trx: Db,
      rows: {
        rental_id: number;
        stage: string;
        position: number;
        file_name: string;
        content_type: string;
        width: number;
        height: number;
        bytes: number;
        created_at: string;
      }[],
    ): Promise<void> {
      if (rows.length) await trx.insertInto('handover_photos').values(rows).execute();
    },

    photoAt(rentalId: number, stage: string, position: number) {
      return db
        .selectFrom('handover_photos')
        .select(['file_name', 'content_type'])
        .where('rental_id', '=', rentalId)
        .where('stage', '=', stage)
        .where('position', '=', position)
        .executeTakeFirst();
    },
  };
}

export type LendingRepository = ReturnType<typeof createLendingRepository>;
export type RequestRow = NonNullable<Awaited<ReturnType<LendingRepository['request']>>>;
