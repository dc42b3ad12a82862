import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { ItemListQuery, ItemSort } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';

/** The sort key column and direction of each sort; ties are broken by id in the same direction. */
export const SORT_COLUMNS = {
  popular: { column: 'rental_count', dir: 'desc' },
  newest: { column: 'created_at', dir: 'desc' },
  'price-asc': { column: 'rental_price_cents', dir: 'asc' },
  'price-desc': { column: 'rental_price_cents', dir: 'desc' },
  rating: { column: 'rating', dir: 'desc' },
  // The search's rank, lower is better (minus the text index's BM25 score).
  relevance: { column: 'score', dir: 'asc' },
  // The Recommended blend (ranking.ts), minus its score: lower is better.
  recommended: { column: 'score', dir: 'asc' },
} as const satisfies Record<ItemSort, { column: string; dir: 'asc' | 'desc' }>;

export type SortColumn = (typeof SORT_COLUMNS)[ItemSort]['column'];

/**
 * The unreleased bookings of unit `u` that overlap [start, end) (end exclusive): the one rule of
 * availability, used by browse's date filter and by the booking's free-unit search.
 */
function activeBookingOverlapping(
  eb: ExpressionBuilder<DB & { u: DB['item_units'] }, 'u'>,
  start: string,
  end: string,
) {
  return eb
    .selectFrom('bookings as b')
    .select(sql.lit(1).as('one'))
    .whereRef('b.unit_id', '=', 'u.id')
    .where('b.released_at', 'is', null)
    .where('b.end_date', '>', start)
    .where('b.start_date', '<', end);
}

/** Where the previous page ended: the last item's sort key and id. */
export interface Keyset {
  value: number | string;
  id: number;
}

/** Everything a list can be narrowed by (the list query without sort and paging). */
export type ItemFilters = Omit<ItemListQuery, 'sort' | 'cursor' | 'limit'>;

/** The filter lists whose counts are shown; each list's counts leave out its own filter. */
export type FacetDimension = 'category' | 'size' | 'brand' | 'colour' | 'occasion' | 'price';

export function createCatalogueRepository(db: Kysely<DB>) {
  return {
    findById(id: number) {
      return db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string) {
      return db
        .selectFrom('items')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /**
     * Ids of the units with an active booking overlapping [start, end): of every item (the partial
     * (end_date, start_date, unit_id) index alone answers it), or of `itemIds` only (the bookings'
     * (item_id, end_date, start_date) index).
     */
    async bookedUnits(start: string, end: string, itemIds?: readonly number[]): Promise<number[]> {
      if (itemIds?.length === 0) return [];
      const rows = await db
        .selectFrom('bookings')
        .select('unit_id')
        .$if(itemIds !== undefined, (q) => q.where('item_id', 'in', itemIds!))
        .where('released_at', 'is', null)
        .where('end_date', '>', start)
        .where('start_date', '<', end)
        .execute();
      return rows.map((r) => r.unit_id);
    },

    /**
     * The active pieces listed after `since`: house pieces added, members' pieces approved (their
     * listing's review), oldest first; for saved searches' alerts (decision 0065).
     */
    listedSince(since: string, limit: number) {
      return db
        .selectFrom('items')
        .leftJoin('listings', 'listings.item_id', 'items.id')
        .select(['items.id', 'items.name', 'items.created_at', 'listings.reviewed_at'])
        .where('items.status', '=', 'active')
        .where((eb) =>
          eb.or([
            eb.and([eb('listings.item_id', 'is', null), eb('items.created_at', '>', since)]),
            eb('listings.reviewed_at', '>', since),
          ]),
        )
        .orderBy('items.id')
        .limit(limit)
        .execute();
    },

    async brands(): Promise<string[]> {
      const rows = await db
        .selectFrom('items')
        .select('brand')
        .distinct()
        .where('status', '=', 'active')
        .orderBy('brand')
        .execute();
      return rows.map((r) => r.brand);
    },

    /** The units of an item, by size and unit number. */
    units(itemId: number, trx: Kysely<DB> = db) {
      return trx
        .selectFrom('item_units')
        .select(['id', 'size', 'unit_no'])
        .where('item_id', '=', itemId)
        .orderBy('size')
        .orderBy('unit_no')
        .execute();
    },

    /** Units of an item's size with no active booking overlapping [start, end). */
    freeUnits(trx: Kysely<DB>, itemId: number, size: string, start: string, end: string) {
      return trx
        .selectFrom('item_units as u')
        .select('u.id')
        .where('u.item_id', '=', itemId)
        .where('u.size', '=', size)
        .where((eb) => eb.not(eb.exists(activeBookingOverlapping(eb, start, end))))
        .orderBy('u.unit_no')
        .execute();
    },

    /** True when the unit has an active booking overlapping [start, end). */
    async unitBusy(trx: Kysely<DB>, unitId: number, start: string, end: string): Promise<boolean> {
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

    /** Active bookings of an item's units of one size that end after `from`, by unit and start. */
    bookingsFrom(trx: Kysely<DB>, itemId: number, size: string, from: string) {
      return trx
        .selectFrom('bookings as b')
        .innerJoin('item_units as u', 'u.id', 'b.unit_id')
        .select(['b.unit_id', 'b.start_date', 'b.end_date'])
        .where('u.item_id', '=', itemId)
        .where('u.size', '=', size)
        .where('b.released_at', 'is', null)
        .where('b.end_date', '>', from)
        .orderBy('b.unit_id')
        .orderBy('b.start_date')
        .execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type ItemRow = NonNullable<Awaited<ReturnType<CatalogueRepository['findById']>>>;
export type ItemSummaryRow = ItemSummaryBase & { score?: number };
/**
 * A list row: what a card shows, every sort key (for the next cursor), its cover photo's file (null:
 * its generated picture) and the index's card it was read from (`drawnFrom`, the key of its cover's
 * memo: item-pictures.ts).
 */
export type ItemSummaryBase = Pick<
  Selectable<DB['items']>,
  | 'id'
  | 'name'
  | 'brand'
  | 'category'
  | 'gender'
  | 'colour'
  | 'retail_price_cents'
  | 'rental_price_cents'
  | 'rating'
  | 'review_count'
  | 'rental_count'
  | 'is_new'
  | 'created_at'
  | 'owner_id'
  | 'look'
> & {
  cover_file: string | null;
  drawnFrom: object;
};
