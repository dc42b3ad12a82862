import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * The catalogue: items (seeded designer pieces and members' own listings), the physical units
 * of each item per size, and the bookings that hold a unit for a date range.
 * Dates are 'YYYY-MM-DD' text; a booking covers [start_date, end_date) (end exclusive).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('items')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('sizes', 'text', (c) => c.notNull()) // JSON array of sizes, in display order
    .addColumn('colour', 'text', (c) => c.notNull().defaultTo('neutral'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('')) // comma-separated: summer,party,...
    .addColumn('retail_price_cents', 'integer', (c) => c.notNull())
    .addColumn('rental_price_cents', 'integer', (c) => c.notNull())
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rental_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('materials', 'text')
    .addColumn('care_instructions', 'text')
    .addColumn('owner_id', 'text', (c) => c.references('user.id').onDelete('set null')) // a member's listing
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')) // active | removed
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('items_gender_category_idx')
    .ifNotExists()
    .on('items')
    .columns(['gender', 'category'])
    .execute();
  await db.schema.createIndex('items_brand_idx').ifNotExists().on('items').column('brand').execute();
  await db.schema.createIndex('items_owner_idx').ifNotExists().on('items').column('owner_id').execute();

  await db.schema
    .createTable('item_units')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('unit_no', 'integer', (c) => c.notNull())
    .addUniqueConstraint('item_units_item_size_no_unique', ['item_id', 'size', 'unit_no'])
    .execute();
  await db.schema
    .createIndex('item_units_item_size_idx')
    .ifNotExists()
    .on('item_units')
    .columns(['item_id', 'size'])
    .execute();

  await db.schema
    .createTable('bookings')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('item_units.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull()) // exclusive
    .addColumn('released_at', 'text') // set when the unit is freed early (returned, cancelled)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bookings_unit_dates_idx')
    .ifNotExists()
    .on('bookings')
    .columns(['unit_id', 'start_date', 'end_date'])
    .execute();
  await db.schema
    .createIndex('bookings_item_dates_idx')
    .ifNotExists()
    .on('bookings')
    .columns(['item_id', 'end_date', 'start_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookings').ifExists().execute();
  await db.schema.dropTable('item_units').ifExists().execute();
  await db.schema.dropTable('items').ifExists().execute();
}
