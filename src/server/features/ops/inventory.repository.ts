import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, ItemsTable, ListingPhotosTable } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The inventory's writes: house items, their units and their product photos. Product photos are
 * rows of listing_photos like a member's photos (decision 0031): item-pictures.ts, the one owner
 * of an item's pictures, shows an item's photos instead of its drawings wherever it is shown.
 */
export function createInventoryRepository(db: Db) {
  return {
    item(itemId: number, q: Db = db) {
      return q
        .selectFrom('items')
        .selectAll()
        .where('id', '=', itemId)
        .where('status', '!=', 'removed')
        .executeTakeFirst();
    },

    async insertItem(trx: Db, item: Insertable<ItemsTable>): Promise<number> {
      const row = await trx.insertInto('items').values(item).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateItem(trx: Db, itemId: number, set: Updateable<ItemsTable>): Promise<void> {
      if (Object.keys(set).length) await trx.updateTable('items').set(set).where('id', '=', itemId).execute();
    },

    photos(itemId: number, q: Db = db) {
      return q
        .selectFrom('listing_photos')
        .select(['position', 'file_name', 'width', 'height'])
        .where('item_id', '=', itemId)
        .orderBy('position')
        .execute();
    },

    /** Replaces the item's photos with these rows; returns the file names of the old ones (to delete after the commit). */
    async replacePhotos(trx: Db, itemId: number, rows: Insertable<ListingPhotosTable>[]): Promise<string[]> {
      const old = await trx.selectFrom('listing_photos').select('file_name').where('item_id', '=', itemId).execute();
      await trx.deleteFrom('listing_photos').where('item_id', '=', itemId).execute();
      if (rows.length) await trx.insertInto('listing_photos').values(rows).execute();
      return old.map((r) => r.file_name);
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
