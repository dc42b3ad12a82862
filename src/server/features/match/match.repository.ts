import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB, ItemsTable } from '../../db/schema';

export type ItemRow = Selectable<ItemsTable>;
type Db = Kysely<DB> | Tx;

/**
 * Every query of the match feature: the deck, views, favorites, progress and the daily count.
 * Items are read straight from the catalogue's `items` table (active ones only).
 */
export function createMatchRepository(db: Kysely<DB>) {
  return {
    /**
     * All active items of a gender in the deck's stable order (by id), viewed or not; a member's
     * own listings are left out of their deck.
     */
    listGenderItems(gender: string, userId: string) {
      return db
        .selectFrom('items')
        .selectAll()
        .where('gender', '=', gender)
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '!=', userId)]))
        .orderBy('id')
        .execute();
    },

    listViewedItemIds(userId: string) {
      return db.selectFrom('user_viewed_items').select('item_id').where('user_id', '=', userId).execute();
    },

    findActiveItem(id: number, q: Db = db) {
      return q.selectFrom('items').selectAll().where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
    },

    /** Marks an item viewed; true when this is the first view (false: viewed before). */
    async markViewed(q: Db, userId: string, itemId: number, at: string): Promise<boolean> {
      const res = await q
        .insertInto('user_viewed_items')
        .values({ user_id: userId, item_id: itemId, viewed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Counts one view for the day unless the limit is reached: the day's row is created if missing,
     * then raised by one only while below the limit. The database decides, so concurrent requests
     * can never count past it. Returns false when the limit was already reached.
     */
    async countView(q: Db, userId: string, day: string, limit: number): Promise<boolean> {
      await q
        .insertInto('user_daily_views')
        .values({ user_id: userId, day, count: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
      const res = await q
        .updateTable('user_daily_views')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .where('count', '<', limit)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async dailyCount(userId: string, day: string, q: Db = db): Promise<number> {
      const row = await q
        .selectFrom('user_daily_views')
        .select('count')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },

    /**
     * Saves a favorite; a second like of the same item keeps the first (and its liked_at). The new
     * row, or undefined when she had it already.
     */
    addFavorite(q: Db, userId: string, itemId: number, itemData: string, at: string) {
      return q
        .insertInto('user_liked_items')
        .values({ user_id: userId, item_id: itemId, item_data: itemData, liked_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
        .returning(['item_id', 'item_data', 'liked_at'])
        .executeTakeFirst();
    },

    findFavorite(userId: string, itemId: number, q: Db = db) {
      return q
        .selectFrom('user_liked_items')
        .select(['item_id', 'item_data', 'liked_at'])
        .where('user_id', '=', userId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
    },

    /** The member's favorites, newest first. */
    listFavorites(userId: string) {
      return db
        .selectFrom('user_liked_items')
        .select(['item_id', 'item_data', 'liked_at'])
        .where('user_id', '=', userId)
        .orderBy('liked_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Removes one of the member's favorites; false when they had no such favorite. */
    async removeFavorite(userId: string, itemId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('user_liked_items')
        .where('user_id', '=', userId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    listProgress(userId: string) {
      return db
        .selectFrom('user_session_progress')
        .select(['gender', 'last_item_index', 'updated_at'])
        .where('user_id', '=', userId)
        .execute();
    },

    async saveProgress(userId: string, gender: string, lastItemIndex: number, at: string): Promise<void> {
      await db
        .insertInto('user_session_progress')
        .values({ user_id: userId, gender, last_item_index: lastItemIndex, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'gender']).doUpdateSet({ last_item_index: lastItemIndex, updated_at: at }),
        )
        .execute();
    },
  };
}

export type MatchRepository = ReturnType<typeof createMatchRepository>;
