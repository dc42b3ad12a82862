import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Shortlists' queries: every read and write is scoped to the member. */
export function createShortlistsRepository(db: Db) {
  return {
    listForUser(userId: string) {
      return db
        .selectFrom('shortlists')
        .select(['id', 'name', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    forUser(id: number, userId: string, q: Db = db) {
      return q
        .selectFrom('shortlists')
        .select(['id', 'name', 'created_at', 'updated_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Item ids of these lists, last added first. */
    itemsOf(listIds: number[]) {
      if (listIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('shortlist_items')
        .select(['shortlist_id', 'item_id'])
        .where('shortlist_id', 'in', listIds)
        .orderBy('created_at', 'desc')
        .orderBy('item_id', 'desc')
        .execute();
    },

    /**
     * Serialises the member's list changes (PostgreSQL: her profile row FOR UPDATE; SQLite runs
     * one write transaction at a time), so a count read next is still true when the insert lands.
     */
    async lockMember(trx: Db, userId: string): Promise<void> {
      await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async count(trx: Db, userId: string): Promise<number> {
      const row = await trx
        .selectFrom('shortlists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(
      trx: Db,
      row: { user_id: string; name: string; name_key: string; created_at: string; updated_at: string },
    ): Promise<number> {
      const r = await trx.insertInto('shortlists').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async rename(id: number, userId: string, name: string, nameKey: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('shortlists')
        .set({ name, name_key: nameKey, updated_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async remove(id: number, userId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('shortlists')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /**
     * Touches her list (its row lock on PostgreSQL, held to the end of the transaction), so the
     * count of its pieces read next cannot be passed by another add at the same moment.
     */
    async touch(trx: Db, id: number, userId: string, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('shortlists')
        .set({ updated_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async itemCount(trx: Db, id: number): Promise<number> {
      const row = await trx
        .selectFrom('shortlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shortlist_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async hasItem(trx: Db, id: number, itemId: number): Promise<boolean> {
      return !!(await trx
        .selectFrom('shortlist_items')
        .select('item_id')
        .where('shortlist_id', '=', id)
        .where('item_id', '=', itemId)
        .executeTakeFirst());
    },

    async addItem(trx: Db, id: number, itemId: number, at: string): Promise<void> {
      await trx
        .insertInto('shortlist_items')
        .values({ shortlist_id: id, item_id: itemId, created_at: at })
        .onConflict((oc) => oc.columns(['shortlist_id', 'item_id']).doNothing())
        .execute();
    },

    async removeItem(id: number, itemId: number): Promise<void> {
      await db.deleteFrom('shortlist_items').where('shortlist_id', '=', id).where('item_id', '=', itemId).execute();
    },

    async itemIsActive(itemId: number): Promise<boolean> {
      const row = await db.selectFrom('items').select('status').where('id', '=', itemId).executeTakeFirst();
      return row?.status === 'active';
    },
  };
}
