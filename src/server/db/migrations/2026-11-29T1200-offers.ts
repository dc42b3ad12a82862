import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Offers (issue 28; decision 0056): the welcome offer and promo codes.
 *
 * - `orders.discount_cents`, `discount_kind`, `discount_code`, `discount_label`: what was taken
 *   off the price at booking (0 and nulls: nothing). `total_cents` stays the price before it; the
 *   ledger holds what was charged.
 * - `welcome_offer_claims`: one row per member whose first pay-per-item booking took the welcome
 *   offer. The primary key is the database's decision: of two first bookings at once, one inserts
 *   the row and the other is refused. A declined card deletes it (nothing was booked).
 * - `promo_codes`: the desk's codes, stored upper-case (unique), with `uses` counted by a
 *   conditional update (`uses < max_uses`), so 50 redemptions of a 10-use code make 10.
 * - `promo_code_member_uses`: uses per member and code, the same conditional update.
 * - `promo_redemptions`: which order used which code, for how much (a declined card deletes it
 *   and gives both uses back).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('discount_kind', 'text').execute(); // welcome | code
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('discount_label', 'text').execute();

  await db.schema
    .createTable('welcome_offer_claims')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promo_codes')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull()) // percent | amount
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('min_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_rental_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text') // YYYY-MM-DD, business day, inclusive
    .addColumn('valid_until', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_member', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('promo_codes_uses_check', sqlCheck())
    .execute();

  await db.schema
    .createTable('promo_code_member_uses')
    .ifNotExists()
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('promo_code_member_uses_pk', ['code_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promo_redemptions_code_idx')
    .ifNotExists()
    .on('promo_redemptions')
    .columns(['code_id', 'id'])
    .execute();
}

/** A use is never counted below zero, nor past the limit. */
function sqlCheck() {
  return sql`uses >= 0 and (max_uses is null or uses <= max_uses)`;
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promo_redemptions').ifExists().execute();
  await db.schema.dropTable('promo_code_member_uses').ifExists().execute();
  await db.schema.dropTable('promo_codes').ifExists().execute();
  await db.schema.dropTable('welcome_offer_claims').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('discount_label').execute();
  await db.schema.alterTable('orders').dropColumn('discount_code').execute();
  await db.schema.alterTable('orders').dropColumn('discount_kind').execute();
  await db.schema.alterTable('orders').dropColumn('discount_cents').execute();
}
