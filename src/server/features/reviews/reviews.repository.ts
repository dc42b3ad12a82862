import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, ReviewsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Unique-constraint violations on either database (the one-review-per-rental rule). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const REVIEW_COLUMNS = [
  'reviews.id',
  'reviews.item_id',
  'reviews.user_id',
  'reviews.rating',
  'reviews.fit',
  'reviews.size_worn',
  'reviews.occasion',
  'reviews.body',
  'reviews.height_cm',
  'reviews.usual_size',
  'reviews.created_at',
] as const;

export type FitRow = {
  height_cm: number | null;
  bust_cm: number | null;
  waist_cm: number | null;
  hips_cm: number | null;
  usual_size: string | null;
  updated_at: string;
};

/** The only code of the reviews feature that touches Kysely. */
export function createReviewsRepository(db: Kysely<DB>) {
  return {
    /** A rental of this member with what a review needs to know about it (null: not hers or none). */
    rentalOf(userId: string, rentalId: number) {
      return db
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select([
          'rentals.id',
          'rentals.item_id',
          'rentals.size',
          'rentals.dispatched_at',
          'rentals.returned_at',
          'rentals.checked_in_at',
          'rentals.cancelled_at',
          'items.sizes',
        ])
        .where('rentals.id', '=', rentalId)
        .where('rentals.user_id', '=', userId)
        .executeTakeFirst();
    },

    reviewIdOfRental(rentalId: number, trx: Db = db) {
      return trx.selectFrom('reviews').select('id').where('rental_id', '=', rentalId).executeTakeFirst();
    },

    insertReview(trx: Db, row: Insertable<ReviewsTable>) {
      return trx.insertInto('reviews').values(row).returning('id').executeTakeFirstOrThrow();
    },

    insertPhotos(
      trx: Db,
      rows: {
        review_id: number;
        position: number;
        file_name: string;
        content_type: string;
        width: number;
        height: number;
        bytes: number;
      }[],
    ) {
      if (rows.length === 0) return Promise.resolve();
      return trx
        .insertInto('review_photos')
        .values(rows)
        .execute()
        .then(() => undefined);
    },

    /**
     * Keeps the seed's numbers the first time (seed_* null), and takes the item's row lock on
     * PostgreSQL, so the aggregate read next sees every review committed before this one.
     */
    lockItemSeed(trx: Db, itemId: number) {
      return trx
        .updateTable('items')
        .set((eb) => ({
          seed_rating: eb.fn.coalesce('seed_rating', 'rating'),
          seed_review_count: eb.fn.coalesce('seed_review_count', 'review_count'),
        }))
        .where('id', '=', itemId)
        .returning(['seed_rating', 'seed_review_count'])
        .executeTakeFirst();
    },

    realAggregate(trx: Db, itemId: number) {
      return trx
        .selectFrom('reviews')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('rating').as('total'),
        ])
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
    },

    setItemRating(trx: Db, itemId: number, rating: number, reviewCount: number) {
      return trx.updateTable('items').set({ rating, review_count: reviewCount }).where('id', '=', itemId).execute();
    },

    itemRating(itemId: number) {
      return db
        .selectFrom('items')
        .select(['id', 'rating', 'review_count', 'status', 'owner_id'])
        .where('id', '=', itemId)
        .executeTakeFirst();
    },

    /** A page of an item's reviews, newest first, with the author's name. */
    list(itemId: number, opts: { size?: string; before?: number; limit: number }) {
      let q = db
        .selectFrom('reviews')
        .leftJoin('profiles', 'profiles.id', 'reviews.user_id')
        .select([...REVIEW_COLUMNS, 'profiles.full_name', 'profiles.deleted_at'])
        .where('reviews.item_id', '=', itemId);
      if (opts.size) q = q.where('reviews.size_worn', '=', opts.size);
      if (opts.before) q = q.where('reviews.id', '<', opts.before);
      return q.orderBy('reviews.id', 'desc').limit(opts.limit).execute();
    },

    /** Every fit answer of an item's reviews, with the size worn (the fit summary and the size filter). */
    fitsOf(itemId: number) {
      return db.selectFrom('reviews').select(['fit', 'size_worn']).where('item_id', '=', itemId).execute();
    },

    photosOf(reviewIds: number[]) {
      if (reviewIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('review_photos')
        .select(['review_id', 'position', 'file_name', 'width', 'height'])
        .where('review_id', 'in', reviewIds)
        .orderBy('review_id')
        .orderBy('position')
        .execute();
    },

    photoAt(reviewId: number, position: number) {
      return db
        .selectFrom('review_photos')
        .select(['file_name', 'content_type'])
        .where('review_id', '=', reviewId)
        .where('position', '=', position)
        .executeTakeFirst();
    },

    /** Other members' reviews of an item from members of this usual size and height within the range. */
    similar(itemId: number, excludeUserId: string, usualSize: string, minHeight: number, maxHeight: number) {
      return db
        .selectFrom('reviews')
        .select(['size_worn', 'fit'])
        .where('item_id', '=', itemId)
        .where('usual_size', '=', usualSize)
        .where('height_cm', '>=', minHeight)
        .where('height_cm', '<=', maxHeight)
        .where('user_id', '<>', excludeUserId)
        .execute();
    },

    fitOf(userId: string, trx: Db = db): Promise<FitRow | undefined> {
      return trx
        .selectFrom('fit_details')
        .select(['height_cm', 'bust_cm', 'waist_cm', 'hips_cm', 'usual_size', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    upsertFit(trx: Db, userId: string, row: Omit<FitRow, 'updated_at'>, now: string) {
      return trx
        .insertInto('fit_details')
        .values({ user_id: userId, ...row, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, updated_at: now }))
        .execute();
    },

    /** Her rentals that went out and came back (reviewable), newest first, with her review's id. */
    returnedRentals(userId: string) {
      return db
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .leftJoin('reviews', 'reviews.rental_id', 'rentals.id')
        .select([
          'rentals.id',
          'rentals.item_id',
          'rentals.size',
          'rentals.start_date',
          'rentals.end_date',
          'items.name',
          'items.brand',
          'items.sizes',
          'reviews.id as review_id',
        ])
        .where('rentals.user_id', '=', userId)
        .where('rentals.cancelled_at', 'is', null)
        .where('rentals.dispatched_at', 'is not', null)
        .where((eb) => eb.or([eb('rentals.returned_at', 'is not', null), eb('rentals.checked_in_at', 'is not', null)]))
        .orderBy('rentals.end_date', 'desc')
        .orderBy('rentals.id', 'desc')
        .limit(50)
        .execute();
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
