import { sql, type Kysely } from 'kysely';

/**
 * Indexes for browsing a large catalogue with keyset pagination: for each sort, one index that
 * walks the active items of a gender in the sort's order ((status, gender, key, id)) and one for
 * lists without a gender (the Discovery tab, themes), plus (status, gender, category, key, id) and
 * (status, brand, key, id) for the category and brand filters (without them the planner picks
 * the (gender, category) index and sorts thousands of rows). A page is then an index range scan
 * that stops after `limit` rows, whatever the catalogue's size.
 * Availability checks walk a unit's active bookings by end date (partial index: released
 * bookings do not count).
 */
const SORT_KEYS: Record<string, string> = {
  popular: 'rental_count',
  newest: 'created_at',
  price: 'rental_price_cents',
  rating: 'rating',
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of Object.entries(SORT_KEYS)) {
    await db.schema
      .createIndex(`items_browse_gender_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', 'gender', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`items_browse_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`items_browse_category_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', 'gender', 'category', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`items_browse_brand_${name}_idx`)
      .ifNotExists()
      .on('items')
      .columns(['status', 'brand', column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('bookings_active_unit_idx')
    .ifNotExists()
    .on('bookings')
    .columns(['unit_id', 'end_date', 'start_date'])
    .where(sql.ref('released_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(SORT_KEYS)) {
    await db.schema.dropIndex(`items_browse_gender_${name}_idx`).ifExists().execute();
    await db.schema.dropIndex(`items_browse_${name}_idx`).ifExists().execute();
    await db.schema.dropIndex(`items_browse_category_${name}_idx`).ifExists().execute();
    await db.schema.dropIndex(`items_browse_brand_${name}_idx`).ifExists().execute();
  }
  await db.schema.dropIndex('bookings_active_unit_idx').ifExists().execute();
}
