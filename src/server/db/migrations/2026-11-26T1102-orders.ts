import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Orders, studios and delivery addresses (issue 15, decision 0030).
 *
 * - `orders`: one per booking, with a unique human-friendly `number`; how the piece reaches the
 *   member (a copy of her delivery address, or the studio) and the card's brand and last four as
 *   they were at booking. What was charged and refunded is read from `payment_ledger`.
 * - `rentals.order_id` ties a rental to its order (null for rentals booked before orders existed);
 *   `rentals.cancelled_at` marks a cancellation before the start (it also sets `returned_at`, so
 *   every query of open rentals keeps working).
 * - `studios`: where pieces can be picked up, with their opening hours; the first three are
 *   inserted here (reference data, like a lookup table).
 * - `delivery_addresses`: one per member, kept on the account.
 * - `pickup_preferences.studio_id`: the studio she picks up from.
 * - `order_emails`: the order's e-mails (confirmation, cancellation), one row per order and kind
 *   (unique), sent by a job that claims the row with a lease and marks it sent (decision 0021's
 *   pattern), so each goes once even with several processes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studios')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull()) // JSON: Monday..Sunday, { day, opens, closes } (null: closed)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const week = (weekday: [string, string] | null, saturday: [string, string] | null, sunday: [string, string] | null) =>
    JSON.stringify(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day, i) => {
        const h = i < 5 ? weekday : i === 5 ? saturday : sunday;
        return { day, opens: h?.[0] ?? null, closes: h?.[1] ?? null };
      }),
    );
  const now = new Date().toISOString();
  await db
    .insertInto('studios')
    .values([
      {
        slug: 'rivington',
        name: 'Rentique Rivington',
        street: '88 Rivington Street',
        city: 'New York',
        state: 'NY',
        zip_code: '10002',
        phone: '(212) 555-0142',
        hours: week(['10:00', '19:00'], ['10:00', '18:00'], null),
        position: 1,
        active: 1,
        created_at: now,
      },
      {
        slug: 'williamsburg',
        name: 'Rentique Williamsburg',
        street: '245 Wythe Avenue',
        city: 'Brooklyn',
        state: 'NY',
        zip_code: '11249',
        phone: '(718) 555-0178',
        hours: week(['11:00', '20:00'], ['10:00', '19:00'], ['11:00', '17:00']),
        position: 2,
        active: 1,
        created_at: now,
      },
      {
        slug: 'west-hollywood',
        name: 'Rentique West Hollywood',
        street: '8420 Melrose Place',
        city: 'Los Angeles',
        state: 'CA',
        zip_code: '90069',
        phone: '(323) 555-0116',
        hours: week(['10:00', '19:00'], ['10:00', '19:00'], ['12:00', '17:00']),
        position: 3,
        active: 1,
        created_at: now,
      },
    ])
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();

  await db.schema
    .createTable('delivery_addresses')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull()) // pending_payment | confirmed | payment_failed | cancelled
    .addColumn('plan', 'text', (c) => c.notNull()) // the plan at booking
    .addColumn('covered_by_plan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull()) // the price at booking (charged unless covered by the plan)
    .addColumn('delivery_method', 'text', (c) => c.notNull()) // online | in-store
    .addColumn('recipient_name', 'text')
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('address_city', 'text')
    .addColumn('address_state', 'text')
    .addColumn('address_zip', 'text')
    .addColumn('address_country', 'text')
    .addColumn('studio_id', 'integer', (c) => c.references('studios.id'))
    .addColumn('studio_name', 'text')
    .addColumn('studio_address', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last_four', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('orders_user_idx').ifNotExists().on('orders').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('order_emails')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // confirmed | cancelled
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addUniqueConstraint('order_emails_once', ['order_id', 'kind'])
    .execute();

  await db.schema
    .alterTable('rentals')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .execute();
  await db.schema.alterTable('rentals').addColumn('cancelled_at', 'text').execute();
  await db.schema.createIndex('rentals_order_idx').ifNotExists().on('rentals').column('order_id').execute();
  await db.schema
    .alterTable('pickup_preferences')
    .addColumn('studio_id', 'integer', (c) => c.references('studios.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pickup_preferences').dropColumn('studio_id').execute();
  await db.schema.dropIndex('rentals_order_idx').ifExists().execute();
  await db.schema.alterTable('rentals').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('rentals').dropColumn('order_id').execute();
  await db.schema.dropTable('order_emails').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
  await db.schema.dropTable('delivery_addresses').ifExists().execute();
  await db.schema.dropTable('studios').ifExists().execute();
}
