import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { DISCOVERY_CATEGORIES, OCCASIONS, SIZES, THEMES } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';
import type { FacetDimension, ItemFilters } from './catalogue.repository';

/*
 * The definition of the facet counts in SQL (decision 0024, kept as the tests' reference when the
 * counts moved to the in-process index, decision 0057): each list counted with every active filter
 * but its own. The search's matches are given as ids.
 */

/** The unreleased bookings of unit `u` that overlap [start, end) (end exclusive). */
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

/** A tag list (comma-separated) holds this tag. */
const hasTag = (tag: string) => sql<boolean>`(',' || items.tags || ',') like ${`%,${tag},%`}`;

export function sqlFacetDefinition(db: Kysely<DB>) {
  /**
   * Every active filter except `except` (the facet being counted): tab scope (gender,
   * discovery, theme), search, category, brand, colour, occasion, price range, and size and
   * dates as EXISTS checks on the units (and their active bookings).
   */
  function applyFilters<O>(
    qb: SelectQueryBuilder<DB, 'items', O>,
    f: ItemFilters,
    matches: readonly number[] | null,
    except?: FacetDimension,
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
    if (matches) q = matches.length ? q.where('items.id', 'in', matches) : q.where(sql<boolean>`1 = 0`);
    if (f.brand && except !== 'brand') q = q.where('items.brand', '=', f.brand);
    if (f.colour && except !== 'colour') q = q.where('items.colour', '=', f.colour);
    if (f.occasion && except !== 'occasion') q = q.where(hasTag(f.occasion));
    if (except !== 'price') {
      const price = sql.ref<number>('items.rental_price_cents');
      if (f.minPrice !== undefined) q = q.where(price, '>=', f.minPrice);
      if (f.maxPrice !== undefined) q = q.where(price, '<=', f.maxPrice);
    }
    const size = except === 'size' ? undefined : f.size;
    q = whereSize(q, size);
    q = whereFreeUnit(q, size, f.from, f.to);
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

  return async function facets(f: ItemFilters, matches: readonly number[] | null) {
    const base = (except?: FacetDimension) => applyFilters(db.selectFrom('items'), f, matches, except);
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
  };
}
