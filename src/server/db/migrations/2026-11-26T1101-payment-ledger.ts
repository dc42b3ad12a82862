import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * The payments ledger (decision 0029): one row per operation sent to the payment provider, for
 * every purpose (a booking's charge, an extension, a cancellation's refund, a plan; later late
 * fees, lending and payouts). A row is written `pending` in the transaction that decides to move
 * money, before the provider is called; the provider's answer sets its status; `settled_at`
 * says the outcome has been applied (the booking confirmed or released...). Receipts, refunds and
 * statements read from here. Never a card number: the provider's token, brand and last four.
 *
 * - `idempotency_key` is unique: it is also the key sent to the provider, so a retried or
 *   recovered operation is done once, and a caller can make "at most one of these" a constraint
 *   (one charge per order).
 * - Unsettled rows are found by a partial index (the recovery of a crash between the provider's
 *   answer and its outcome).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_ledger')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('order_id', 'integer') // orders.id (the orders table comes with the booking's migration)
    .addColumn('rental_id', 'integer', (c) => c.references('rentals.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull()) // booking | extension | cancellation | plan | ...
    .addColumn('kind', 'text', (c) => c.notNull()) // authorise | capture | void | charge | refund | payout
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (c) => c.notNull()) // pending | succeeded | declined | failed
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text') // the provider's id of what it made (charge, refund, authorisation, payout)
    .addColumn('target_id', 'integer', (c) => c.references('payment_ledger.id')) // the entry a capture, void or refund acts on
    .addColumn('card_token', 'text') // the provider's token of the card (authorise, charge)
    .addColumn('card_brand', 'text')
    .addColumn('card_last_four', 'text')
    .addColumn('recipient_id', 'text') // a payout's receiver
    .addColumn('decline_code', 'text')
    .addColumn('message', 'text') // the provider's reason for a decline or failure
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('context', 'text') // JSON: what the purpose's owner needs to apply the outcome
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addCheckConstraint('payment_ledger_amount_positive', sql`amount_cents > 0`)
    .execute();
  await db.schema
    .createIndex('payment_ledger_user_idx')
    .ifNotExists()
    .on('payment_ledger')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_ledger_order_idx')
    .ifNotExists()
    .on('payment_ledger')
    .column('order_id')
    .execute();
  await db.schema
    .createIndex('payment_ledger_target_idx')
    .ifNotExists()
    .on('payment_ledger')
    .column('target_id')
    .execute();
  await db.schema
    .createIndex('payment_ledger_unsettled_idx')
    .ifNotExists()
    .on('payment_ledger')
    .column('created_at')
    .where(sql.ref('settled_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_ledger').ifExists().execute();
}
