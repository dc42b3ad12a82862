import type { Insertable, Kysely } from 'kysely';
import type { DB, OrdersTable } from '../../db/schema';

type Db = Kysely<DB>;

/** The statuses a member sees in her order history (a declined payment booked nothing; a pending one lasts seconds). */
export const LISTED_STATUSES = ['confirmed', 'cancelled'] as const;

const ORDER_RENTAL_COLUMNS = [
  'rentals.id',
  'rentals.order_id',
  'rentals.item_id',
  'rentals.size',
  'rentals.backup_size',
  'rentals.start_date',
  'rentals.end_date',
  'rentals.price_cents',
  'rentals.extensions',
  'rentals.cancelled_at',
  'items.name',
  'items.brand',
  'rentals.kept_at',
  'rentals.kept_price_cents',
] as const;

/** The only code that touches orders, studios, delivery addresses and order e-mails. */
export function createOrdersRepository(db: Db) {
  return {
    studios(q: Db = db) {
      return q.selectFrom('studios').selectAll().where('active', '=', 1).orderBy('position').orderBy('id').execute();
    },

    studio(id: number, q: Db = db) {
      return q.selectFrom('studios').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    },

    findAddress(userId: string, q: Db = db) {
      return q.selectFrom('delivery_addresses').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async upsertAddress(
      userId: string,
      a: {
        recipient_name: string;
        line1: string;
        line2: string | null;
        city: string;
        state: string;
        zip_code: string;
        country: string;
      },
      now: string,
    ) {
      await db
        .insertInto('delivery_addresses')
        .values({ user_id: userId, ...a, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...a, updated_at: now }))
        .execute();
    },

    /**
     * Inserts an order under a fresh number. A number already taken is skipped (ON CONFLICT DO
     * NOTHING keeps the transaction usable on PostgreSQL) and another one tried.
     */
    async insertOrder(
      trx: Db,
      row: Omit<Insertable<OrdersTable>, 'number'>,
      newNumber: () => string,
    ): Promise<{ id: number; number: string }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const number = newNumber();
        const inserted = await trx
          .insertInto('orders')
          .values({ ...row, number })
          .onConflict((oc) => oc.column('number').doNothing())
          .returning(['id', 'number'])
          .executeTakeFirst();
        if (inserted) return inserted;
      }
      throw new Error('could not find a free order number');
    },

    /** Moves an order from one of `from` to `to`; false when it was in another status. */
    async setStatus(
      trx: Db,
      id: number,
      from: readonly string[],
      to: string,
      now: string,
      stamp: { confirmed_at?: string; cancelled_at?: string } = {},
    ): Promise<boolean> {
      const res = await trx
        .updateTable('orders')
        .set({ status: to, updated_at: now, ...stamp })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Whether she has an order paid per rental that booked something (a declined card booked nothing). */
    /** What store credit paid of the order (decision 0063). */
    async setCredit(trx: Db, orderId: number, cents: number): Promise<void> {
      await trx.updateTable('orders').set({ credit_cents: cents }).where('id', '=', orderId).execute();
    },

    async hasPaidOrder(reader: Db, userId: string): Promise<boolean> {
      const row = await reader
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('covered_by_plan', '=', 0)
        .where('status', '!=', 'payment_failed')
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    find(id: number, q: Db = db) {
      return q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One of the member's listed orders by number; undefined for anyone else's. */
    findListed(userId: string, number: string) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('number', '=', number)
        .where('status', 'in', [...LISTED_STATUSES])
        .executeTakeFirst();
    },

    /** The member's listed orders, newest first, before an id. */
    listForUser(userId: string, before: number | undefined, limit: number) {
      let q = db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', [...LISTED_STATUSES]);
      if (before !== undefined) q = q.where('id', '<', before);
      return q
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    rentalsOf(orderIds: number[], q: Db = db) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select(ORDER_RENTAL_COLUMNS)
        .where('rentals.order_id', 'in', orderIds)
        .orderBy('rentals.id')
        .execute();
    },

    memberName(userId: string) {
      return db.selectFrom('user').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
    },

    /** An order's e-mail of a kind, once (the unique key decides); its id, or null when it existed. */
    async insertEmail(trx: Db, orderId: number, kind: string, now: string): Promise<number | null> {
      const row = await trx
        .insertInto('order_emails')
        .values({ order_id: orderId, kind, created_at: now })
        .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Claims an unsent e-mail for one sender with a lease: one conditional update decides. */
    claimEmail(id: number, now: string, until: string) {
      return db
        .updateTable('order_emails')
        .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returning(['id', 'order_id', 'kind', 'attempts'])
        .executeTakeFirst();
    },

    async markEmailSent(id: number, claimedUntil: string, at: string): Promise<void> {
      await db
        .updateTable('order_emails')
        .set({ sent_at: at, claimed_until: null, error: null })
        .where('id', '=', id)
        .where('claimed_until', '=', claimedUntil)
        .execute();
    },

    async releaseEmail(id: number, claimedUntil: string, error: string): Promise<void> {
      await db
        .updateTable('order_emails')
        .set({ claimed_until: null, error: error.slice(0, 500) })
        .where('id', '=', id)
        .where('claimed_until', '=', claimedUntil)
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
export type OrderRow = NonNullable<Awaited<ReturnType<OrdersRepository['find']>>>;
export type StudioRow = NonNullable<Awaited<ReturnType<OrdersRepository['studio']>>>;
export type OrderRentalRow = Awaited<ReturnType<OrdersRepository['rentalsOf']>>[number];
