import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { ItemListQuery, ItemSort } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';
import type { IndexedActivity, IndexedItem, IndexedUnit } from './catalogue-index';

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

/** The columns the search index reads (catalogue-index.ts). */
const INDEX_COLUMNS = [
  'id',
  'status',
  'name',
  'brand',
  'category',
  'colour',
  'gender',
  'description',
  'tags',
  'rental_price_cents',
  'rating',
  'rental_count',
  'created_at',
  // What a list's card shows besides (decision 0083): the list rows are read from the index.
  'retail_price_cents',
  'review_count',
  'is_new',
  'owner_id',
  'look',
] as const;

/** Items with the index's columns and the file of their cover photo (position 0; null: none, a generated picture). */
function indexItems(db: Kysely<DB>) {
  return db
    .selectFrom('items')
    .select(INDEX_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('listing_photos as cover')
        .select('cover.file_name')
        .whereRef('cover.item_id', '=', 'items.id')
        .where('cover.position', '=', 0)
        .as('cover_file'),
    );
}

/** Which items: some by id, or the ids in (after, through] (one part of the index's load; after null: from the first). */
type ItemScope = { ids: readonly number[] } | { after: number | null; through: number };

/** Items per part of the index's load: only one part's rows are held at once (issue 27). */
export const INDEX_LOAD_PART = 10_000;

/** A part of the index's load: active items in id order, with the units and activity of their id range. */
export interface IndexPart {
  items: IndexedItem[];
  units: IndexedUnit[];
  activity: IndexedActivity;
}

/** The condition that an item id column is in a scope: one of some ids, or within (after, through]. */
function inScope(column: 'item_id' | 'r.item_id', scope: ItemScope) {
  return <D, TB extends keyof D>(eb: ExpressionBuilder<D, TB>) => {
    const id = sql.ref<number>(column);
    if ('ids' in scope) return eb(id, 'in', scope.ids);
    const upTo = eb(id, '<=', scope.through);
    return scope.after === null ? upTo : eb.and([eb(id, '>', scope.after), upTo]);
  };
}

/**
 * The favorites per item, and the counted rentals made since `since` (not cancelled; paid, or
 * within a plan: the ones `rental_count` counts), of some items: the index's Recommended signals
 * (decision 0071).
 */
async function activityOf(q: Kysely<DB>, scope: ItemScope, since: string): Promise<IndexedActivity> {
  const likes = await q
    .selectFrom('user_liked_items')
    .select((eb) => ['item_id', eb.fn.countAll().as('n')])
    .where(inScope('item_id', scope))
    .groupBy('item_id')
    .execute();
  const rentals = await q
    .selectFrom('rentals as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.item_id', 'r.created_at'])
    .where('r.created_at', '>=', since)
    .where('r.cancelled_at', 'is', null)
    .where((eb) => eb.or([eb('r.order_id', 'is', null), eb('o.status', '=', 'confirmed')]))
    .where(inScope('r.item_id', scope))
    .execute();
  return { likes, rentals };
}

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
     * The catalogue as the search index loads it, from one snapshot (PostgreSQL: repeatable
     * read; a SQLite transaction reads one state of the file): the change log's version, then the
     * active items in parts of `partSize` by id (keyset), each with the units and activity of its
     * id range, handed to `onPart` and awaited before the next part is read, so only one part's
     * rows are alive at a time (issue 27). The index is exactly that version.
     */
    indexSnapshot(
      recentSince: string,
      onPart: (part: IndexPart) => void | Promise<void>,
      partSize: number = INDEX_LOAD_PART,
    ): Promise<{ version: number; items: number }> {
      // A reader: on SQLite it takes no write lock, so writes go on while the index loads (decision 0080).
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const row = await trx
            .selectFrom('catalogue_version')
            .select('version')
            .where('id', '=', 1)
            .executeTakeFirst();
          let after: number | null = null;
          let count = 0;
          for (;;) {
            const items: IndexedItem[] = await indexItems(trx)
              .where('status', '=', 'active')
              .$if(after !== null, (w) => w.where('id', '>', after!))
              .orderBy('id')
              .limit(partSize)
              .execute();
            if (items.length === 0) break;
            const through = items[items.length - 1]!.id;
            // The units of the range: those of items not active find no entry and are left out.
            const units = await trx
              .selectFrom('item_units')
              .select(['id', 'item_id', 'size'])
              .where(inScope('item_id', { after, through }))
              .execute();
            const activity = await activityOf(trx, { after, through }, recentSince);
            count += items.length;
            await onPart({ items, units, activity });
            if (items.length < partSize) break;
            after = through;
          }
          return { version: Number(row?.version ?? 0), items: count };
        });
    },

    /** Some items as they are now (any status), their units and activity: what the index applies for changed ids. */
    async indexRows(ids: readonly number[], recentSince: string) {
      const items: IndexedItem[] = await indexItems(db).where('id', 'in', ids).execute();
      const units = await db
        .selectFrom('item_units')
        .select(['id', 'item_id', 'size'])
        .where('item_id', 'in', ids)
        .execute();
      return { items, units, activity: await activityOf(db, { ids }, recentSince) };
    },

    /** The change log after `version`, oldest first (decision 0057). */
    changesSince(version: number) {
      return db
        .selectFrom('catalogue_changes')
        .select(['version', 'item_id'])
        .where('version', '>', version)
        .orderBy('version')
        .execute();
    },

    /** Forgets the changes up to `version` (a process further behind loads the index again). */
    async pruneChanges(version: number): Promise<void> {
      await db.deleteFrom('catalogue_changes').where('version', '<=', version).execute();
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
