import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Rentals: a member's hold on one unit of an item (through a row in `bookings`, which is what
 * stops double booking), with what it cost, what the lender earns, and the pickup option.
 *
 * - One open rental per member and item: a partial unique index (`returned_at IS NULL`).
 * - The plan allowance is a counter per member and billing period, raised only by a conditional
 *   `used = used + 1 WHERE used < allowance` in the booking transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rentals')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('end_date', 'text', (c) => c.notNull()) // the return date (exclusive end of the hold)
    .addColumn('plan', 'text', (c) => c.notNull()) // weekly | monthly | threemonths, at booking time
    .addColumn('price_cents', 'integer', (c) => c.notNull()) // the item's price for the period held
    .addColumn('charge_cents', 'integer', (c) => c.notNull().defaultTo(0)) // what the member pays (Weekly: per item)
    .addColumn('lender_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('lender_earnings_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pickup_option', 'text') // online | in-store, as chosen by the member when booked
    .addColumn('billing_period_start', 'text') // the allowance period it counted against (paid plans)
    .addColumn('extensions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('returned_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rentals_user_idx')
    .ifNotExists()
    .on('rentals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('rentals_item_idx').ifNotExists().on('rentals').column('item_id').execute();
  await db.schema.createIndex('rentals_lender_idx').ifNotExists().on('rentals').column('lender_id').execute();
  await db.schema
    .createIndex('rentals_one_open_per_item')
    .ifNotExists()
    .on('rentals')
    .columns(['user_id', 'item_id'])
    .unique()
    .where(sql.ref('returned_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('rental_allowance_usage')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rental_allowance_usage_pk', ['user_id', 'period_start'])
    .addCheckConstraint('rental_allowance_usage_used_nonneg', sql`used >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rental_allowance_usage').ifExists().execute();
  await db.schema.dropTable('rentals').ifExists().execute();
}
