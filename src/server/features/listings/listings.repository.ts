import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, ItemsTable, ListingPhotosTable } from '../../db/schema';

type Db = Kysely<DB>;

const LISTING_COLUMNS = [
  'items.id',
  'items.name',
  'items.brand',
  'items.category',
  'items.gender',
  'items.sizes',
  'items.description',
  'items.retail_price_cents',
  'items.rental_price_cents',
  'items.owner_id',
  'items.status',
  'listings.handover',
  'listings.created_at',
] as const;

export function createListingsRepository(db: Db) {
  return {
    /** Inserts the item row (owner set), its listing row and one unit per size; returns the item id. */
    async insertListing(
      trx: Db,
      item: Insertable<ItemsTable>,
      listing: { owner_id: string; handover: string; created_at: string },
      sizes: string[],
    ): Promise<number> {
      const { id } = await trx.insertInto('items').values(item).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('listings')
        .values({ item_id: id, ...listing, updated_at: listing.created_at })
        .execute();
      await trx
        .insertInto('item_units')
        .values(sizes.map((size) => ({ item_id: id, size, unit_no: 1 })))
        .execute();
      return id;
    },

    async insertPhotos(trx: Db, rows: Insertable<ListingPhotosTable>[]): Promise<void> {
      if (rows.length) await trx.insertInto('listing_photos').values(rows).execute();
    },

    /** The member's active listings, newest first. */
    listByOwner(ownerId: string) {
      return db
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .select(LISTING_COLUMNS)
        .where('items.owner_id', '=', ownerId)
        .where('items.status', '=', 'active')
        .orderBy('listings.created_at', 'desc')
        .orderBy('items.id', 'desc')
        .execute();
    },

    /** One active listing of this owner; undefined for anyone else's (or a removed one). */
    findOwned(itemId: number, ownerId: string, q: Db = db) {
      return q
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .select(LISTING_COLUMNS)
        .where('items.id', '=', itemId)
        .where('items.owner_id', '=', ownerId)
        .where('items.status', '=', 'active')
        .executeTakeFirst();
    },

    photosOf(itemIds: number[]) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('listing_photos')
        .select(['item_id', 'position', 'file_name', 'width', 'height'])
        .where('item_id', 'in', itemIds)
        .orderBy('item_id')
        .orderBy('position')
        .execute();
    },

    /** A photo to serve: only of an active listing. */
    photoAt(itemId: number, position: number) {
      return db
        .selectFrom('listing_photos')
        .innerJoin('items', 'items.id', 'listing_photos.item_id')
        .select(['listing_photos.file_name', 'listing_photos.content_type'])
        .where('listing_photos.item_id', '=', itemId)
        .where('listing_photos.position', '=', position)
        .where('items.status', '=', 'active')
        .executeTakeFirst();
    },

    /** Open rentals (not returned) of these items with the renter's name, soonest return first. */
    openRentalsOf(itemIds: number[]) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('rentals')
        .innerJoin('user', 'user.id', 'rentals.user_id')
        .leftJoin('profiles', 'profiles.id', 'rentals.user_id')
        .select(['rentals.item_id', 'rentals.end_date', 'rentals.start_date', 'user.name', 'profiles.full_name'])
        .where('rentals.item_id', 'in', itemIds)
        .where('rentals.returned_at', 'is', null)
        .orderBy('rentals.start_date')
        .execute();
    },

    /** The lender's earnings and rental count per item. */
    earningsOf(itemIds: number[], lenderId: string) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('rentals')
        .select(['item_id', (eb) => eb.fn.sum<number>('lender_earnings_cents').as('earnings'), (eb) => eb.fn.countAll<number>().as('times')])
        .where('item_id', 'in', itemIds)
        .where('lender_id', '=', lenderId)
        .groupBy('item_id')
        .execute();
    },

    /** Everything the member has earned from lending, removed listings included. */
    async totalEarnings(lenderId: string): Promise<number> {
      const row = await db
        .selectFrom('rentals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('lender_earnings_cents'), sql<number>`0`).as('total'))
        .where('lender_id', '=', lenderId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Takes the row locks of every unit of the item (PostgreSQL), in id order, the same order a
     * booking takes them, so removing a listing and booking it cannot interleave.
     */
    async lockUnits(trx: Db, itemId: number, postgres: boolean): Promise<void> {
      if (!postgres) return;
      await trx.selectFrom('item_units').select('id').where('item_id', '=', itemId).orderBy('id').forUpdate().execute();
    },

    async hasOpenRental(trx: Db, itemId: number): Promise<boolean> {
      const row = await trx.selectFrom('rentals').select('id').where('item_id', '=', itemId).where('returned_at', 'is', null).limit(1).executeTakeFirst();
      return !!row;
    },

    async updateItem(trx: Db, itemId: number, patch: Updateable<ItemsTable>, handover: string | undefined, now: string): Promise<void> {
      if (Object.keys(patch).length) await trx.updateTable('items').set(patch).where('id', '=', itemId).execute();
      await trx
        .updateTable('listings')
        .set({ updated_at: now, ...(handover ? { handover } : {}) })
        .where('item_id', '=', itemId)
        .execute();
    },

    /** Takes the listing out of the catalogue (rentals keep their history) and drops its photos. */
    async removeListing(trx: Db, itemId: number): Promise<string[]> {
      await trx.updateTable('items').set({ status: 'removed' }).where('id', '=', itemId).execute();
      const photos = await trx.deleteFrom('listing_photos').where('item_id', '=', itemId).returning('file_name').execute();
      return photos.map((p) => p.file_name);
    },

    async photoCount(trx: Db, itemId: number): Promise<number> {
      const rows = await trx.selectFrom('listing_photos').select('position').where('item_id', '=', itemId).execute();
      return rows.length;
    },

    async deletePhoto(trx: Db, itemId: number, position: number): Promise<string | null> {
      const row = await trx
        .deleteFrom('listing_photos')
        .where('item_id', '=', itemId)
        .where('position', '=', position)
        .returning('file_name')
        .executeTakeFirst();
      return row?.file_name ?? null;
    },

    /** Closes the gaps after a photo is removed: positions become 0..n-1 in their old order. */
    async renumberPhotos(trx: Db, itemId: number): Promise<void> {
      const rows = await trx.selectFrom('listing_photos').select(['id', 'position']).where('item_id', '=', itemId).orderBy('position').execute();
      // Move out of the way first (unique item_id, position), then into place.
      for (const r of rows) await trx.updateTable('listing_photos').set({ position: r.position + 100 }).where('id', '=', r.id).execute();
      for (const [i, r] of rows.entries()) await trx.updateTable('listing_photos').set({ position: i }).where('id', '=', r.id).execute();
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
export type ListingRow = NonNullable<Awaited<ReturnType<ListingsRepository['findOwned']>>>;
