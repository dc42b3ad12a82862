import type { Kysely } from 'kysely';

/**
 * A gift month of a plan (issue 28 item 5; decision 0069), sold and sent the way gift cards are:
 * one more kind of row in `gift_cards`, so the purchase (its ledger charge), the e-mail on the
 * send day and the redemption once (the conditional update of `redeemed_by`) are the same code.
 *
 * - `kind`: `amount` (a gift card: store credit) or `plan_month` (a month of Monthly).
 * - `plan`, `item_count`: the month given (Monthly and its pieces a month); null for an amount.
 * - `redeemed_how`: what the month did to her plan (`started`, `extended`, `resumed`), and
 *   `plan_until` her plan's next billing date after it; set in the redemption's transaction.
 * - `subscriptions.gift_until`: a plan that a gift month started (she had none) ends that day
 *   (its `cancel_at`) unless she keeps it; the page says so in those words.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gift_cards')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('amount'))
    .execute();
  await db.schema.alterTable('gift_cards').addColumn('plan', 'text').execute();
  await db.schema.alterTable('gift_cards').addColumn('item_count', 'integer').execute();
  await db.schema.alterTable('gift_cards').addColumn('redeemed_how', 'text').execute();
  await db.schema.alterTable('gift_cards').addColumn('plan_until', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('gift_until', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('gift_until').execute();
  for (const column of ['plan_until', 'redeemed_how', 'item_count', 'plan', 'kind'])
    await db.schema.alterTable('gift_cards').dropColumn(column).execute();
}
