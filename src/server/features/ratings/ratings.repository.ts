import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const RENTAL_COLUMNS = [
  'rentals.id',
  'rentals.user_id',
  'rentals.lender_id',
  'rentals.item_id',
  'rentals.returned_at',
  'items.name as item_name',
] as const;

/** The only code that touches rental_ratings. */
export function createRatingsRepository(db: Db) {
  /** Rentals of a member's piece that came back (not cancelled): the ones that can be rated. */
  const returnedMemberRentals = (q: Db) =>
    q
      .selectFrom('rentals')
      .innerJoin('items', 'items.id', 'rentals.item_id')
      .select(RENTAL_COLUMNS)
      .where('rentals.lender_id', 'is not', null)
      .where('rentals.returned_at', 'is not', null)
      .where('rentals.cancelled_at', 'is', null);

  return {
    /** The rental, if `userId` is its renter or its lender; any state (the caller checks it). */
    rentalOfParty(rentalId: number, userId: string, q: Db = db) {
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select([...RENTAL_COLUMNS, 'rentals.cancelled_at'])
        .where('rentals.id', '=', rentalId)
        .where('rentals.lender_id', 'is not', null)
        .where((eb) => eb.or([eb('rentals.user_id', '=', userId), eb('rentals.lender_id', '=', userId)]))
        .executeTakeFirst();
    },

    /** The member's returned rentals of members' pieces, as renter or lender, newest return first. */
    returnedRentalsOf(userId: string, limit: number) {
      return returnedMemberRentals(db)
        .where((eb) => eb.or([eb('rentals.user_id', '=', userId), eb('rentals.lender_id', '=', userId)]))
        .orderBy('rentals.returned_at', 'desc')
        .orderBy('rentals.id', 'desc')
        .limit(limit)
        .execute();
    },

    ratingsOf(rentalIds: number[], q: Db = db) {
      if (rentalIds.length === 0) return Promise.resolve([]);
      return q.selectFrom('rental_ratings').selectAll().where('rental_id', 'in', rentalIds).execute();
    },

    /** Inserts one side's rating; the unique (rental_id, side) refuses a second. */
    async insert(
      trx: Db,
      row: {
        rental_id: number;
        side: string;
        author_id: string;
        subject_id: string;
        stars: number;
        comment: string | null;
        created_at: string;
        visible_at: string;
      },
    ): Promise<void> {
      await trx.insertInto('rental_ratings').values(row).execute();
    },

    /** Both sides are in: both ratings show from now (if not already). */
    async revealBoth(trx: Db, rentalId: number, now: string): Promise<void> {
      await trx
        .updateTable('rental_ratings')
        .set({ visible_at: now })
        .where('rental_id', '=', rentalId)
        .where('visible_at', '>', now)
        .execute();
    },

    /** First names of members by id. */
    namesOf(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('user').select(['id', 'name']).where('id', 'in', ids).execute();
    },

    /** Each lender's visible ratings from her renters: count and sum of stars. */
    lenderTotals(lenderIds: string[], now: string) {
      if (lenderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('rental_ratings')
        .select((eb) => [
          'subject_id',
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.sum<string | number>('stars').as('total'),
        ])
        .where('subject_id', 'in', lenderIds)
        .where('side', '=', 'renter')
        .where('visible_at', '<=', now)
        .groupBy('subject_id')
        .execute();
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
