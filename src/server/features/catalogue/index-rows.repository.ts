import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { SIZES } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';
import type { IndexedActivity, IndexedItem } from './catalogue-index';
import { UNIT_CODE } from './unit-codes';

/*
 * What the in-process search index reads of the catalogue (decision 0057): its load in parts, the
 * rows of changed items, and the change log it follows. The tables are the catalogue's; the other
 * reads of them are catalogue.repository.ts.
 */

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

/** A unit's code (unit-codes.ts): null for a size not in SIZES, which `string_agg` leaves out. */
const UNIT_CODE_SQL = sql<string>`cast(cast(u.id as bigint) * ${sql.lit(UNIT_CODE)} + case u.size ${sql.join(
  SIZES.map((size, k) => sql`when ${sql.lit(size)} then ${sql.lit(k)}`),
  sql` `,
)} end as text)`;

/**
 * Items with the index's columns, the file of their cover photo (position 0; null: none, a
 * generated picture) and their units' codes (unit-codes.ts).
 */
function indexItems(db: Kysely<DB>) {
  return db
    .selectFrom('items')
    .select(INDEX_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('listing_photos as cover')
        .select('cover.file_name')
        .whereRef('cover.item_id', '=', 'items.id')
        .where('cover.position', '=', 0)
        .as('cover_file'),
      eb
        .selectFrom('item_units as u')
        .select(sql<string | null>`string_agg(${UNIT_CODE_SQL}, ',' order by u.id)`.as('codes'))
        .whereRef('u.item_id', '=', 'items.id')
        .as('units'),
    ]);
}

/**
 * Which items: some by id, or the ids in (after, through] (one part of the index's load; after
 * null: from the first; through null: to the last).
 */
type ItemScope = { ids: readonly number[] } | { after: number | null; through: number | null };

/** Items per part of the index's load: only one part's rows are held at once, two when reading ahead (issue 27). */
export const INDEX_LOAD_PART = 10_000;

/** A part of the index's load: active items in id order (each with its units), and the activity of their id range. */
export interface IndexPart {
  items: IndexedItem[];
  activity: IndexedActivity;
}

/** How the index's load reads its parts (`indexSnapshot`). */
export interface IndexLoadOptions {
  /** Items per part (INDEX_LOAD_PART unless set: tests set a few). */
  partSize?: number;
  /**
   * Read the next part while the index takes in this one (PostgreSQL: the server works on the
   * next part's queries meanwhile). On SQLite, whose reads run in this thread, it only keeps two
   * parts alive at once, so it is left off there (decision 0086).
   */
  readAhead?: boolean;
}

/** The condition that an item id column is in a scope: one of some ids, or within (after, through]. */
function inScope(column: 'id' | 'item_id' | 'r.item_id', scope: ItemScope) {
  return <D, TB extends keyof D>(eb: ExpressionBuilder<D, TB>) => {
    const id = sql.ref<number>(column);
    if ('ids' in scope) return eb(id, 'in', scope.ids);
    const bounds = [
      ...(scope.after === null ? [] : [eb(id, '>', scope.after)]),
      ...(scope.through === null ? [] : [eb(id, '<=', scope.through)]),
    ];
    return eb.and(bounds);
  };
}

/** One part of the index's load: the active items of a range of ids (with their units) and their activity. */
async function partOf(
  trx: Kysely<DB>,
  scope: { after: number | null; through: number | null },
  recentSince: string,
): Promise<IndexPart> {
  // Sent together: the connection takes them in turn without waiting for this thread between them.
  const [items, activity] = await Promise.all([
    indexItems(trx).where('status', '=', 'active').where(inScope('id', scope)).orderBy('id').execute(),
    activityOf(trx, scope, recentSince),
  ]);
  return { items, activity };
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

export function createIndexRowsRepository(db: Kysely<DB>) {
  return {
    /**
     * The catalogue as the search index loads it, from one snapshot (PostgreSQL: repeatable
     * read; a SQLite transaction reads one state of the file): the change log's version, then the
     * active items in parts of `partSize` by id, each with the units and activity of its id range,
     * handed to `onPart` and awaited before the part after the next is read, so at most two
     * parts' rows are alive at a time (one without `readAhead`; issue 27). The index is exactly
     * that version.
     */
    indexSnapshot(
      recentSince: string,
      onPart: (part: IndexPart) => void | Promise<void>,
      { partSize = INDEX_LOAD_PART, readAhead = false }: IndexLoadOptions = {},
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
          // The last id of each whole part, so any part's queries can be sent before the one before it is taken in.
          const ends = await trx
            .selectFrom((eb) =>
              eb
                .selectFrom('items')
                .select(['id', sql<number>`row_number() over (order by id)`.as('n')])
                .where('status', '=', 'active')
                .as('a'),
            )
            .select('id')
            .where(sql<number>`n % ${partSize}`, '=', 0)
            .orderBy('id')
            .execute();
          const scopes = [...ends.map((e) => e.id), null].map((through, k) => ({
            after: k === 0 ? null : ends[k - 1]!.id,
            through,
          }));
          const read = (k: number) => {
            const part = partOf(trx, scopes[k]!, recentSince);
            // Awaited in its turn; a failure while the part before is taken in is not unhandled meanwhile.
            part.catch(() => undefined);
            return part;
          };
          let count = 0;
          let next: Promise<IndexPart> | null = read(0);
          for (let k = 0; next; k++) {
            const part: IndexPart = await next;
            next = readAhead && k + 1 < scopes.length ? read(k + 1) : null;
            count += part.items.length;
            if (part.items.length > 0) await onPart(part);
            if (!readAhead && k + 1 < scopes.length) next = read(k + 1);
          }
          return { version: Number(row?.version ?? 0), items: count };
        });
    },

    /** Some items as they are now (any status), their units and activity: what the index applies for changed ids. */
    async indexRows(ids: readonly number[], recentSince: string) {
      const items: IndexedItem[] = await indexItems(db).where('id', 'in', ids).execute();
      return { items, activity: await activityOf(db, { ids }, recentSince) };
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
  };
}

export type IndexRowsRepository = ReturnType<typeof createIndexRowsRepository>;
