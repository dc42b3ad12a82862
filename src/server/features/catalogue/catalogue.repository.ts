import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  DISCOVERY_CATEGORIES,
  OCCASIONS,
  SIZES,
  THEMES,
  type ItemListQuery,
  type ItemSort,
} from '../../../domain/catalogue';
import type { DB } from '../../db/schema';
import { forDatabase, notViaIndex } from '../../db/sql';
import type { KnownWord, SearchMatch, SearchPageParts } from './text-search';
import { createPostgresTextSearch } from './text-search.postgres';
import { createSqliteTextSearch } from './text-search.sqlite';

export type { KnownWord, SearchMatch } from './text-search';

/** The sort key column and direction of each sort; ties are broken by id in the same direction. */
export const SORT_COLUMNS = {
  popular: { column: 'rental_count', dir: 'desc' },
  newest: { column: 'created_at', dir: 'desc' },
  'price-asc': { column: 'rental_price_cents', dir: 'asc' },
  'price-desc': { column: 'rental_price_cents', dir: 'desc' },
  rating: { column: 'rating', dir: 'desc' },
  // The search's rank, lower is better on both databases (bm25 on SQLite, minus ts_rank on PostgreSQL).
  relevance: { column: 'score', dir: 'asc' },
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

/** The columns a list needs: the card's fields plus every sort key (for the next cursor). */
const SUMMARY_COLUMNS = [
  'id',
  'name',
  'brand',
  'category',
  'gender',
  'colour',
  'retail_price_cents',
  'rental_price_cents',
  'rating',
  'review_count',
  'rental_count',
  'is_new',
  'created_at',
  'owner_id',
  'look',
] as const;

/** Everything a list can be narrowed by (the list query without sort and paging). */
export type ItemFilters = Omit<ItemListQuery, 'sort' | 'cursor' | 'limit'>;

/** The filter lists whose counts are shown; each list's counts leave out its own filter. */
export type FacetDimension = 'category' | 'size' | 'brand' | 'colour' | 'occasion' | 'price';

/** A tag list (comma-separated) holds this tag. */
const hasTag = (tag: string) => sql<boolean>`(',' || items.tags || ',') like ${`%,${tag},%`}`;

export function createCatalogueRepository(db: Kysely<DB>) {
  /** The text search of this database's engine (FTS5 or tsvector; text-search.ts). */
  const search = forDatabase(db, { sqlite: createSqliteTextSearch, postgres: createPostgresTextSearch });
  /** Rows of active items matching the search (any order). */
  const searchFilter = (match: SearchMatch) =>
    match.groups.length === 0
      ? sql<boolean>`1 = 0` // a search with no words (only punctuation) matches nothing
      : search.matches(match);

  /**
   * Every active filter except `except` (the facet being counted): tab scope (gender,
   * discovery, theme), search, category, brand, colour, occasion, price range, and size and
   * dates as EXISTS checks on the units (and their active bookings).
   */
  function applyFilters<O>(
    qb: SelectQueryBuilder<DB, 'items', O>,
    f: ItemFilters,
    match: SearchMatch | null,
    except?: FacetDimension,
    sortColumn?: SortColumn,
    withDates = true,
  ): SelectQueryBuilder<DB, 'items', O> {
    let q = qb.where('items.status', '=', 'active');
    if (f.gender) q = q.where('items.gender', '=', f.gender);
    if (f.category && except !== 'category') q = q.where('items.category', '=', f.category);
    // As literals, in this order: the partial Discovery indexes name the same list.
    else if (f.discovery)
      q = q.where(
        'items.category',
        'in',
        DISCOVERY_CATEGORIES.map((c) => sql.lit(c)),
      );
    if (f.theme) {
      const tags = THEMES[f.theme].tags;
      q = q.where((eb) => eb.or(tags.map((t) => eb(sql<string>`',' || items.tags || ','`, 'like', `%,${t},%`))));
    }
    if (match) q = q.where(searchFilter(match));
    if (f.brand && except !== 'brand') q = q.where('items.brand', '=', f.brand);
    if (f.colour && except !== 'colour') q = q.where('items.colour', '=', f.colour);
    if (f.occasion && except !== 'occasion') q = q.where(hasTag(f.occasion));
    if (except !== 'price') {
      // SQLite, a price range in another order: `+` keeps the price index out, so the list walks
      // its sort's index and stops after a page (the planner would read the whole range from the
      // price index and sort it: 65 ms at 100k items for a tab with dates).
      const price =
        sortColumn && sortColumn !== 'rental_price_cents'
          ? notViaIndex<number>(db, 'items.rental_price_cents')
          : sql.ref<number>('items.rental_price_cents');
      if (f.minPrice !== undefined) q = q.where(price, '>=', f.minPrice);
      if (f.maxPrice !== undefined) q = q.where(price, '<=', f.maxPrice);
    }
    const size = except === 'size' ? undefined : f.size;
    q = whereSize(q, size);
    if (withDates) q = whereFreeUnit(q, size, f.from, f.to);
    return q;
  }

  /** Size: the item has a unit of the size (its bit, kept by triggers on the units). */
  function whereSize<O>(
    q: SelectQueryBuilder<DB, 'items', O>,
    size: string | undefined,
  ): SelectQueryBuilder<DB, 'items', O> {
    if (!size) return q;
    const k = (SIZES as readonly string[]).indexOf(size);
    return k >= 0 ? q.where(sql<boolean>`(items.unit_sizes & ${sql.lit(1 << k)}) <> 0`) : q.where(sql<boolean>`1 = 0`);
  }

  /** Dates: some unit of the item (of the size) has no active booking overlapping them. */
  function whereFreeUnit<O>(
    q: SelectQueryBuilder<DB, 'items', O>,
    size: string | undefined,
    from: string | undefined,
    to: string | undefined,
  ): SelectQueryBuilder<DB, 'items', O> {
    if (!(from && to)) return q;
    return q.where(({ exists, selectFrom }) => {
      let units = selectFrom('item_units as u').select(sql.lit(1).as('one')).whereRef('u.item_id', '=', 'items.id');
      if (size) units = units.where('u.size', '=', size);
      return exists(units.where((eb) => eb.not(eb.exists(activeBookingOverlapping(eb, from, to)))));
    });
  }

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
     * One page of active items in keyset order: `limit + 1` rows are fetched so the caller knows
     * whether another page follows. Size and dates become EXISTS checks on the units (and their
     * active bookings), which the (item_id, size) and partial bookings indexes answer per item.
     * The relevance sort orders by the search's rank (`score`), which the rows then carry.
     */
    async list(query: ItemListQuery, after: Keyset | null, match: SearchMatch | null = null) {
      const { column, dir } = SORT_COLUMNS[query.sort];
      const columns = SUMMARY_COLUMNS.map((c) => `items.${c}` as const);
      if (match && match.groups.length === 0) return [];
      const key = column === 'score' ? 'rental_count' : column;
      const op = dir === 'desc' ? '<' : '>';
      const afterKey = <O>(q: SelectQueryBuilder<DB, 'items', O>) =>
        after
          ? q.where((eb) => eb(eb.refTuple(`items.${key}`, 'items.id'), op, eb.tuple(after.value as never, after.id)))
          : q;
      type Row = ItemSummaryBase & { score?: number };
      if (match) {
        const parts: SearchPageParts = {
          db,
          query,
          after,
          match,
          key,
          dir,
          summary: (q) => q.select(columns),
          afterKey,
          filtered: (q, o) =>
            applyFilters(q, query, o.match, undefined, o.sortColumn as SortColumn | undefined, o.withDates),
          withFreeUnit: (q) => whereFreeUnit(q, query.size, query.from, query.to),
        };
        return (await (query.sort === 'relevance' ? search.rankedPage(parts) : search.sortedPage(parts))) as Row[];
      }
      const q = afterKey(applyFilters(db.selectFrom('items').select(columns), query, null, undefined, key));
      return (await q
        .orderBy(`items.${key}`, dir)
        .orderBy('items.id', dir)
        .limit(query.limit + 1)
        .execute()) as Row[];
    },

    /**
     * Counts for the filter lists: each list is counted with every active filter but its own,
     * so a count is the number of results once that value is chosen. The definition in SQL: the
     * service counts with the facet index (facet-index.ts, one pass in memory), and a test holds
     * the two to the same answers.
     */
    async facets(f: ItemFilters, match: SearchMatch | null) {
      const base = (except?: FacetDimension) => applyFilters(db.selectFrom('items'), f, match, except);
      const countAll = sql<number>`count(*)`;
      const byColumn = (column: 'category' | 'brand' | 'colour') =>
        base(column)
          .select([`items.${column} as value`, countAll.as('count')])
          .groupBy(`items.${column}`)
          .execute();
      const sizesQuery = () => {
        let q = base('size').innerJoin('item_units as u', 'u.item_id', 'items.id');
        const { from, to } = f;
        if (from && to) q = q.where((eb) => eb.not(eb.exists(activeBookingOverlapping(eb as never, from, to))));
        return q
          .select(['u.size as value', sql<number>`count(distinct items.id)`.as('count')])
          .groupBy('u.size')
          .execute();
      };
      const [total, categories, brands, colours, sizes, occasionRow, price] = await Promise.all([
        base().select(countAll.as('count')).executeTakeFirstOrThrow(),
        byColumn('category'),
        byColumn('brand'),
        byColumn('colour'),
        sizesQuery(),
        base('occasion')
          .select(OCCASIONS.map((o) => sql<number>`coalesce(sum(case when ${hasTag(o)} then 1 else 0 end), 0)`.as(o)))
          .executeTakeFirstOrThrow(),
        base('price')
          .select([
            sql<number | null>`min(items.rental_price_cents)`.as('min'),
            sql<number | null>`max(items.rental_price_cents)`.as('max'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const n = (rows: { value: string; count: number | string }[]) =>
        rows.map((r) => ({ value: r.value, count: Number(r.count) }));
      const occ = occasionRow as Record<string, number | string>;
      return {
        total: Number(total.count),
        categories: n(categories),
        brands: n(brands),
        colours: n(colours),
        sizes: n(sizes),
        occasions: OCCASIONS.map((o) => ({ value: o, count: Number(occ[o]) })).filter((o) => o.count > 0),
        price: {
          min: price.min === null ? null : Number(price.min),
          max: price.max === null ? null : Number(price.max),
        },
      };
    },

    /** Ids of the items matching a search (any status, any order): the facet index's search filter. */
    async matchingIds(match: SearchMatch): Promise<number[]> {
      if (match.groups.length === 0) return [];
      return search.matchingIds(match);
    },

    /** Ids of the units with an active booking overlapping [start, end) (the partial (end_date, start_date, unit_id) index alone answers it). */
    async bookedUnits(start: string, end: string): Promise<number[]> {
      const rows = await db
        .selectFrom('bookings')
        .select('unit_id')
        .where('released_at', 'is', null)
        .where('end_date', '>', start)
        .where('start_date', '<', end)
        .execute();
      return rows.map((r) => r.unit_id);
    },

    /** Every word of the search index and how many items use it, A to Z (SQLite: fts5vocab; PostgreSQL: search_words). */
    vocabulary(): Promise<KnownWord[]> {
      return search.vocabulary();
    },

    /**
     * The known words a mistyped word may stand for (the caller picks among them by edit
     * distance): the whole vocabulary on SQLite, pg_trgm's most similar words on PostgreSQL.
     */
    correctionCandidates(word: string, vocabulary: KnownWord[]): Promise<KnownWord[]> {
      return search.correctionCandidates(word, vocabulary);
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
export type ItemSummaryRow = Awaited<ReturnType<CatalogueRepository['list']>>[number];
/** The columns of a list row. */
type ItemSummaryBase = Pick<ItemRow, (typeof SUMMARY_COLUMNS)[number]>;
