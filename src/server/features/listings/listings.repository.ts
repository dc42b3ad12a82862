import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, ItemsTable, ListingPhotosTable } from '../../db/schema';

type Db = Kysely<DB>;

const LISTING_COLUMNS = [
  'items.id',
  'items.name',
  'items.brand',
  'items.category',
  'items.colour',
  'items.look',
  'items.gender',
  'items.sizes',
  'items.description',
  'items.retail_price_cents',
  'items.rental_price_cents',
  'items.owner_id',
  'items.status',
  'listings.handover',
  'listings.lending_mode',
  'listings.created_at',
  'listings.review_reason',
  'listings.reviewed_at',
  'listings.submitted_at',
] as const;

/** A member's listing that still exists: live, in review or rejected (not removed). */
const NOT_REMOVED = ['active', 'pending_review', 'rejected', 'intake', 'recalled', 'returned'];

export function createListingsRepository(db: Db) {
  return {
    /** Inserts the item row (owner set) and its listing row; returns the item id. */
    async insertListing(
      trx: Db,
      item: Insertable<ItemsTable>,
      listing: { owner_id: string; handover: string; lending_mode: string; created_at: string; submitted_at: string },
    ): Promise<number> {
      const { id } = await trx.insertInto('items').values(item).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('listings')
        .values({ item_id: id, ...listing, updated_at: listing.created_at })
        .execute();
      // Its units (one per size) are the bookings core's to write: the caller adds them (core.firstUnits).
      return id;
    },

    /**
     * Counts one more live listing for the owner, only while under `cap`: the conditional update
     * decides, so concurrent creates cannot pass the cap. False when the owner is at the cap.
     */
    async takeListingSlot(trx: Db, ownerId: string, cap: number): Promise<boolean> {
      await trx
        .insertInto('listing_quotas')
        .values({ owner_id: ownerId, live: 0 })
        .onConflict((oc) => oc.column('owner_id').doNothing())
        .execute();
      const res = await trx
        .updateTable('listing_quotas')
        .set((eb) => ({ live: eb('live', '+', 1) }))
        .where('owner_id', '=', ownerId)
        .where('live', '<', cap)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Gives a live listing's slot back (the listing was removed). */
    async releaseListingSlot(trx: Db, ownerId: string): Promise<void> {
      await trx
        .updateTable('listing_quotas')
        .set((eb) => ({ live: eb('live', '-', 1) }))
        .where('owner_id', '=', ownerId)
        .where('live', '>', 0)
        .execute();
    },

    /** How many live listings the owner has, as counted for the cap. */
    async liveListings(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('listing_quotas')
        .select('live')
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return row?.live ?? 0;
    },

    async insertPhotos(trx: Db, rows: Insertable<ListingPhotosTable>[]): Promise<void> {
      if (rows.length) await trx.insertInto('listing_photos').values(rows).execute();
    },

    /** The member's listings (live, in review or rejected), newest first. */
    listByOwner(ownerId: string) {
      return db
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .select(LISTING_COLUMNS)
        .where('items.owner_id', '=', ownerId)
        .where('items.status', 'in', NOT_REMOVED)
        .orderBy('listings.created_at', 'desc')
        .orderBy('items.id', 'desc')
        .execute();
    },

    /** The listing row's lock (PostgreSQL): one change of its photos at a time. */
    async lockListing(trx: Db, itemId: number): Promise<void> {
      await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
    },

    /** One listing of this owner (live, in review or rejected); undefined for anyone else's (or a removed one). */
    findOwned(itemId: number, ownerId: string, q: Db = db) {
      return q
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .select(LISTING_COLUMNS)
        .where('items.id', '=', itemId)
        .where('items.owner_id', '=', ownerId)
        .where('items.status', 'in', NOT_REMOVED)
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

    /** A photo to serve, with its listing's status and owner (the caller decides who may see it). */
    photoAt(itemId: number, position: number) {
      return db
        .selectFrom('listing_photos')
        .innerJoin('items', 'items.id', 'listing_photos.item_id')
        .select(['listing_photos.file_name', 'listing_photos.content_type', 'items.status', 'items.owner_id'])
        .where('listing_photos.item_id', '=', itemId)
        .where('listing_photos.position', '=', position)
        .where('items.status', 'in', NOT_REMOVED)
        .executeTakeFirst();
    },

    /**
     * Sends a listing (back) to review after the member changed it: a new round, submitted now.
     * A listing already waiting keeps its place in the queue.
     */
    async resubmit(trx: Db, itemId: number, now: string): Promise<boolean> {
      const res = await trx
        .updateTable('items')
        .set({ status: 'pending_review' })
        .where('id', '=', itemId)
        .where('status', 'in', ['active', 'rejected'])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('listings')
        .set((eb) => ({ submitted_at: now, review_round: eb('review_round', '+', 1) }))
        .where('item_id', '=', itemId)
        .execute();
      return true;
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

    /**
     * The rentals that earn their lender a share: the one place that decides it (docs/product.md,
     * Lending). A rental earns once it is paid (its pay-per-item charge is recorded, or it counted
     * against an active paid plan's allowance) and has started (its start date has come and it
     * was not returned before that day). Earnings are computed from these rows, never from a
     * figure stored when the rental was booked; a payout ledger would read the same set.
     */
    earningRentals(lenderId: string, today: string) {
      return (
        db
          .selectFrom('rentals')
          // A managed piece's rental has its share written with the booking, credited at check-in (decision 0062).
          .leftJoin('lender_credits', 'lender_credits.rental_id', 'rentals.id')
          .select([
            'rentals.id',
            'rentals.item_id',
            'rentals.price_cents',
            'rentals.start_date',
            'rentals.returned_at',
            'rentals.kept_at',
            'rentals.kept_price_cents',
            'rentals.kept_earnings_cents',
            'lender_credits.amount_cents as managed_share_cents',
            'lender_credits.credited_at',
          ])
          .where('rentals.lender_id', '=', lenderId)
          .where((eb) =>
            eb.or([eb('rentals.charge_cents', '>', 0), eb('rentals.billing_period_start', 'is not', null)]),
          )
          .where('rentals.start_date', '<=', today)
          // Cancelled (never sent, refunded in full): nothing was collected to share, even when cancelled on its start day.
          .where('rentals.cancelled_at', 'is', null)
          // ISO texts: a return on the start day ('2026-12-01T09:00Z' >= '2026-12-01') counts as started.
          .where((eb) =>
            eb.or([
              eb('rentals.returned_at', 'is', null),
              eb('rentals.returned_at', '>=', eb.ref('rentals.start_date')),
            ]),
          )
          .execute()
      );
    },

    async hasOpenRental(trx: Db, itemId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('rentals')
        .select('id')
        .where('item_id', '=', itemId)
        .where('returned_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    async updateItem(
      trx: Db,
      itemId: number,
      patch: Updateable<ItemsTable>,
      handover: string | undefined,
      now: string,
    ): Promise<void> {
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
      const photos = await trx
        .deleteFrom('listing_photos')
        .where('item_id', '=', itemId)
        .returning('file_name')
        .execute();
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
      const rows = await trx
        .selectFrom('listing_photos')
        .select(['id', 'position'])
        .where('item_id', '=', itemId)
        .orderBy('position')
        .execute();
      // Move out of the way first (unique item_id, position), then into place.
      for (const r of rows)
        await trx
          .updateTable('listing_photos')
          .set({ position: r.position + 100 })
          .where('id', '=', r.id)
          .execute();
      for (const [i, r] of rows.entries())
        await trx.updateTable('listing_photos').set({ position: i }).where('id', '=', r.id).execute();
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
export type ListingRow = NonNullable<Awaited<ReturnType<ListingsRepository['findOwned']>>>;
