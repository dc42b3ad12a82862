import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { DISCOVERY_CATEGORIES, THEMES, type ItemListQuery, type ItemSort } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';

/** The sort key column and direction of each sort; ties are broken by id in the same direction. */
export const SORT_COLUMNS = {
  popular: { column: 'rental_count', dir: 'desc' },
  newest: { column: 'created_at', dir: 'desc' },
  'price-asc': { column: 'rental_price_cents', dir: 'asc' },
  'price-desc': { column: 'rental_price_cents', dir: 'desc' },
  rating: { column: 'rating', dir: 'desc' },
} as const satisfies Record<ItemSort, { column: string; dir: 'asc' | 'desc' }>;

export type SortColumn = (typeof SORT_COLUMNS)[ItemSort]['column'];

/**
 * The unreleased bookings of unit `u` that overlap [start, end) (end exclusive): the one rule of
 * availability, used by browse's date filter and by the booking's free-unit search.
 */
function activeBookingOverlapping(eb: ExpressionBuilder<DB & { u: DB['item_units'] }, 'u'>, start: string, end: string) {
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

/** Filters of a tab (gender / discovery / theme / text), shared by the list and the facet counts. */
type ScopeFilter = Pick<ItemListQuery, 'gender' | 'discovery' | 'theme' | 'q'>;

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyScope<O>(qb: SelectQueryBuilder<DB, 'items', O>, f: ScopeFilter & { category?: string | undefined }): SelectQueryBuilder<DB, 'items', O> {
  let q = qb.where('items.status', '=', 'active');
  if (f.gender) q = q.where('items.gender', '=', f.gender);
  if (f.category) q = q.where('items.category', '=', f.category);
  else if (f.discovery) q = q.where('items.category', 'in', [...DISCOVERY_CATEGORIES]);
  if (f.theme) {
    const tags = THEMES[f.theme].tags;
    q = q.where((eb) => eb.or(tags.map((t) => eb(sql<string>`',' || items.tags || ','`, 'like', `%,${t},%`))));
  }
  if (f.q) {
    const pattern = likePattern(f.q);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(items.name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(items.brand)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

export function createCatalogueRepository(db: Kysely<DB>) {
  return {
    findById(id: number) {
      return db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string) {
      return db.selectFrom('items').selectAll().where('slug', '=', slug).where('status', '=', 'active').executeTakeFirst();
    },

    /**
     * One page of active items in keyset order: `limit + 1` rows are fetched so the caller knows
     * whether another page follows. Size and dates become EXISTS checks on the units (and their
     * active bookings), which the (item_id, size) and partial bookings indexes answer per item.
     */
    list(query: ItemListQuery, after: Keyset | null) {
      const { column, dir } = SORT_COLUMNS[query.sort];
      let q = applyScope(db.selectFrom('items').select(SUMMARY_COLUMNS.map((c) => `items.${c}` as const)), query);
      if (query.brand) q = q.where('items.brand', '=', query.brand);
      if (query.size || (query.from && query.to)) {
        const { size, from, to } = query;
        q = q.where(({ exists, selectFrom }) => {
          let units = selectFrom('item_units as u').select(sql.lit(1).as('one')).whereRef('u.item_id', '=', 'items.id');
          if (size) units = units.where('u.size', '=', size);
          if (from && to) {
            units = units.where((eb) => eb.not(eb.exists(activeBookingOverlapping(eb, from, to))));
          }
          return exists(units);
        });
      }
      if (after) {
        const op = dir === 'desc' ? '<' : '>';
        q = q.where((eb) => eb(eb.refTuple(`items.${column}`, 'items.id'), op, eb.tuple(after.value as never, after.id)));
      }
      return q.orderBy(`items.${column}`, dir).orderBy('items.id', dir).limit(query.limit + 1).execute();
    },

    /** Counts per category, size and brand among the active items of a tab. */
    async facets(scope: ScopeFilter) {
      const base = () => applyScope(db.selectFrom('items'), scope);
      const [total, categories, brands, sizes] = await Promise.all([
        base().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        base().select(['items.category as value', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('items.category').execute(),
        base().select(['items.brand as value', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('items.brand').execute(),
        base()
          .innerJoin('item_units as u', 'u.item_id', 'items.id')
          .select(['u.size as value', (eb) => eb.fn.count<number>('u.item_id').distinct().as('count')])
          .groupBy('u.size')
          .execute(),
      ]);
      const n = (rows: { value: string; count: number | string }[]) => rows.map((r) => ({ value: r.value, count: Number(r.count) }));
      return { total: Number(total.count), categories: n(categories), brands: n(brands), sizes: n(sizes) };
    },

    async brands(): Promise<string[]> {
      const rows = await db.selectFrom('items').select('brand').distinct().where('status', '=', 'active').orderBy('brand').execute();
      return rows.map((r) => r.brand);
    },

    /** The units of an item, by size and unit number. */
    units(itemId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('item_units').select(['id', 'size', 'unit_no']).where('item_id', '=', itemId).orderBy('size').orderBy('unit_no').execute();
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

    /** Takes the row lock of a unit (PostgreSQL), so two bookings of one unit run one after the other. */
    async lockUnit(trx: Kysely<DB>, unitId: number) {
      await trx.selectFrom('item_units').select('id').where('id', '=', unitId).forUpdate().execute();
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
