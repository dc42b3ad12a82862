import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Plans, cards and pickup choices, one per member, kept on the server (SPEC 4 kept them in the
 * browser). The card table holds only what may be kept: the provider's token, brand, last four,
 * expiry, holder and billing address; never the full number or the CVV.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull()) // weekly | monthly | threemonths
    .addColumn('item_count', 'integer') // monthly: 3..9; others null
    .addColumn('status', 'text', (c) => c.notNull()) // pending_payment | active
    .addColumn('auto_assigned', 'integer', (c) => c.notNull().defaultTo(0)) // 1: the Weekly default nobody chose
    .addColumn('started_at', 'text', (c) => c.notNull()) // ISO; for a paid plan, when its first payment went through
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_methods')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_token', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'text', (c) => c.notNull())
    .addColumn('expiry_year', 'text', (c) => c.notNull())
    .addColumn('cardholder_name', 'text', (c) => c.notNull())
    .addColumn('billing_street', 'text', (c) => c.notNull())
    .addColumn('billing_city', 'text', (c) => c.notNull())
    .addColumn('billing_state', 'text', (c) => c.notNull())
    .addColumn('billing_zip', 'text', (c) => c.notNull())
    .addColumn('billing_country', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('charges')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('provider_charge_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('charges_user_idx')
    .ifNotExists()
    .on('charges')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('pickup_preferences')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('pickup_option', 'text', (c) => c.notNull()) // online | in-store
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pickup_preferences').ifExists().execute();
  await db.schema.dropTable('charges').ifExists().execute();
  await db.schema.dropTable('payment_methods').ifExists().execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
}
