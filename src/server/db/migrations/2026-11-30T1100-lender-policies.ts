import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Lender policies (issue 29 item 4; decision 0067).
 *
 * - `piece_policies` gains the cancellation policy (flexible, moderate or strict), the notice a
 *   request needs (days) and the longer-rental discount (percent off a rental of 14 days or more).
 * - `lender_cancellations`: a lender's cancellation of a request she had accepted, once per
 *   request (unique): the renter's refund and the fee the lender pays from her next payout.
 * - `lender_pauses`: one row per lender whose listings were paused (three cancellations in 90
 *   days) until `paused_until`; `lifted_at` once her pieces are back in the catalogue.
 * - `calendar_feeds`: her private ICS feed's secret (unique); resetting replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('piece_policies')
    .addColumn('cancellation_policy', 'text', (c) =>
      c
        .notNull()
        .defaultTo('flexible')
        .check(sql`cancellation_policy in ('flexible', 'moderate', 'strict')`),
    )
    .execute();
  await db.schema
    .alterTable('piece_policies')
    .addColumn('notice_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`notice_days >= 0 and notice_days <= 30`),
    )
    .execute();
  await db.schema
    .alterTable('piece_policies')
    .addColumn('long_discount_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`long_discount_percent >= 0 and long_discount_percent <= 50`),
    )
    .execute();

  await db.schema
    .createTable('lender_cancellations')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull().unique())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('renter_id', 'text', (c) => c.notNull())
    .addColumn('refund_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('lender_cancellations_amounts_check', sql`refund_cents >= 0 and fee_cents >= 0`)
    .execute();
  await db.schema
    .createIndex('lender_cancellations_lender_idx')
    .ifNotExists()
    .on('lender_cancellations')
    .columns(['lender_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('lender_pauses')
    .ifNotExists()
    .addColumn('lender_id', 'text', (c) => c.primaryKey())
    .addColumn('paused_at', 'text', (c) => c.notNull())
    .addColumn('paused_until', 'text', (c) => c.notNull())
    .addColumn('lifted_at', 'text')
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
