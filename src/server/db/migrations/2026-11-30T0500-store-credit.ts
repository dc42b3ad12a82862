import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Store credit, referrals and gift cards (issue 28; decision 0063).
 *
 * - `credit_accounts`: one row per member with credit, the lock every movement of her credit
 *   takes first (a conditional update on PostgreSQL holds it to the commit; SQLite serialises
 *   writes). It holds no balance: `last_seq` only numbers her entries.
 * - `credit_entries`: the credit ledger, append only. Each entry is signed (earned > 0, spent < 0),
 *   numbered per member (`seq`, unique with `user_id`) and carries the balance after it, which a
 *   CHECK keeps at zero or more: a spend that would take her below zero cannot be written. The
 *   balance is the last entry's, and always the sum of the amounts (the tests check both). Each
 *   has a unique idempotency key, so a retried grant, spend or return happens once.
 * - `orders.credit_cents`: what store credit paid of the order (the card paid the rest).
 * - `referral_codes`: a member's share code. `referrals`: who invited whom (a friend joins once:
 *   unique `friend_id`), rewarded once by a conditional update of `status`.
 * - `gift_cards`: bought with a card (its ledger charge), e-mailed on `send_on`, redeemed once by
 *   a conditional update of `redeemed_by`. `request_key` is unique per buyer: a double submit buys once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_accounts')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_entries')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('balance_after_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_entries_user_seq_unique', ['user_id', 'seq'])
    .addCheckConstraint('credit_entries_balance_check', sql`balance_after_cents >= 0 and amount_cents <> 0`)
    .execute();
  await db.schema
    .createIndex('credit_entries_order_idx')
    .ifNotExists()
    .on('credit_entries')
    .columns(['order_id'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('referral_codes')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('referrals')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('referrer_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('friend_id', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull()) // pending | rewarded | refused
    .addColumn('refused_reason', 'text')
    .addColumn('rental_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('referrals_referrer_idx')
    .ifNotExists()
    .on('referrals')
    .columns(['referrer_id', 'id'])
    .execute();

  await db.schema
    .createTable('gift_cards')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('send_on', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending_payment | paid | failed
    .addColumn('send_claimed_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('redeemed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('redeemed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gift_cards_request_unique', ['buyer_id', 'request_key'])
    .addCheckConstraint('gift_cards_amount_check', sql`amount_cents > 0`)
    .execute();
  await db.schema
    .createIndex('gift_cards_due_idx')
    .ifNotExists()
    .on('gift_cards')
    .columns(['status', 'sent_at', 'send_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gift_cards').ifExists().execute();
  await db.schema.dropTable('referrals').ifExists().execute();
  await db.schema.dropTable('referral_codes').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('credit_cents').execute();
  await db.schema.dropTable('credit_entries').ifExists().execute();
  await db.schema.dropTable('credit_accounts').ifExists().execute();
}
