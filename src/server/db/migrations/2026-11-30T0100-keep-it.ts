import type { Kysely } from 'kysely';

/**
 * Keep it (issue 30 item 4; decision 0059): a member buys the piece she is renting.
 *
 * - `rentals.kept_at`: when her purchase went through (the rental is over then: nothing to send
 *   back, no late fee; the unit leaves the rentable stock, retired with the rental's hold kept
 *   open-ended). Set once, by a conditional update `where kept_at is null`.
 * - `rentals.kept_price_cents`: what she paid; `kept_entry_id`: its charge in the payments ledger.
 * - `rentals.kept_earnings_cents`: the lender's share of the price (a member's piece), paid out
 *   like a rental's earning (source `keep:<rental id>`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rentals').addColumn('kept_at', 'text').execute();
  await db.schema.alterTable('rentals').addColumn('kept_price_cents', 'integer').execute();
  await db.schema.alterTable('rentals').addColumn('kept_entry_id', 'integer').execute();
  await db.schema.alterTable('rentals').addColumn('kept_earnings_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['kept_earnings_cents', 'kept_entry_id', 'kept_price_cents', 'kept_at'])
    await db.schema.alterTable('rentals').dropColumn(c).execute();
}
