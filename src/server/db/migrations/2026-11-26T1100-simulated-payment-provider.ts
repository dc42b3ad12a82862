import { sql, type Kysely } from 'kysely';

/**
 * The simulated payment provider's own records (decision 0029). They stand for the provider's
 * side of the world: what a real provider keeps on its servers (cards it tokenized, its charges,
 * authorisations, refunds and payouts, and the answers it gave to each idempotency key). Only
 * `simulated-payment-provider.ts` reads or writes them; a real provider needs none of them. They
 * live in our database so the test mode holds across app processes and restarts, as a real
 * provider's state does (an authorisation made before a restart can be captured after it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_sim_cards')
    .ifNotExists()
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'text', (c) => c.notNull())
    .addColumn('expiry_year', 'text', (c) => c.notNull())
    // How this test card behaves after it was accepted: null (pays), or the decline code every
    // charge and authorisation gets, or 'refund_fails'.
    .addColumn('behaviour', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_sim_objects')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey()) // sim_auth_..., sim_ch_..., sim_re_..., sim_po_...
    .addColumn('kind', 'text', (c) => c.notNull()) // authorisation | charge | refund | payout
    .addColumn('token', 'text') // the card (authorisations, charges)
    .addColumn('parent_id', 'text') // a capture's authorisation, a refund's charge
    .addColumn('recipient', 'text') // a payout's receiver
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0)) // charges
    .addColumn('status', 'text', (c) => c.notNull()) // authorised | captured | voided | succeeded
    .addColumn('expires_at', 'text') // authorisations
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('payment_sim_objects_amount_positive', sql`amount_cents > 0`)
    .addCheckConstraint(
      'payment_sim_objects_refunds_within',
      sql`refunded_cents >= 0 and refunded_cents <= amount_cents`,
    )
    .execute();

  await db.schema
    .createTable('payment_sim_requests')
    .ifNotExists()
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull()) // sha-256 of the request's parameters
    .addColumn('response', 'text', (c) => c.notNull()) // JSON: { ok } or { error: { type, code, message } }
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_sim_requests').ifExists().execute();
  await db.schema.dropTable('payment_sim_objects').ifExists().execute();
  await db.schema.dropTable('payment_sim_cards').ifExists().execute();
}
