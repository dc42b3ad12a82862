import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Browse at 100k items without a gender (decision 0024, measured with bench/queries.ts):
 *
 * - a category on its own (e.g. /browse?category=Shoes) walked the whole catalogue's sort index
 *   and skipped the other categories (prices follow the category, so in price order most of the
 *   catalogue comes first: 14 ms on SQLite): (status, category, key, id) per sort;
 * - the Discovery tab (two categories) read all its pieces and sorted them (10 ms): a partial
 *   index per sort over those two categories, which the list names with the same literals;
 * - PostgreSQL: statistics on the tag list as the occasion and theme filters test it, so the
 *   planner knows a tag holds for a third of the items, not for a handful (it sorted all the
 *   matches instead of walking the sort's index: 100 ms for the summer-party theme with dates).
 */
const SORT_KEYS: Record<string, string> = {
  popular: 'rental_count',
  newest: 'created_at',
  price: 'rental_price_cents',
  rating: 'rating',
};
/** The Discovery Outfits categories, in the order the list names them (domain: DISCOVERY_CATEGORIES). */
const DISCOVERY = ['Work Outfit', 'Mountain Outfit'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of Object.entries(SORT_KEYS)) {
    await db.schema
      .createIndex(`items_browse_any_category_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', 'category', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`items_browse_discovery_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', column, 'id'])
      .where(
        sql.ref('category'),
        'in',
        DISCOVERY.map((c) => sql.lit(c)),
      )
      .execute();
  }
  if (isPostgres(db)) {
    await sql`create statistics if not exists items_tags_stats on ((',' || tags || ',')) from items`.execute(db);
    await sql`analyze items`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(SORT_KEYS)) {
    await db.schema.dropIndex(`items_browse_any_category_${name}_idx`).ifExists().execute();
    await db.schema.dropIndex(`items_browse_discovery_${name}_idx`).ifExists().execute();
  }
  if (isPostgres(db)) await sql`drop statistics if exists items_tags_stats`.execute(db);
}
