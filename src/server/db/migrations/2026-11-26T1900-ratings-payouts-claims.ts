import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Trust between members who lend to each other (issue 18 part B, decision 0036).
 *
 * - `rental_ratings`: one rating per side of a returned rental of a member's piece (the renter
 *   rates the lender, the lender rates the renter): unique (rental_id, side). `visible_at` is when
 *   the other party may read it: the return plus 14 days, brought forward to the moment the
 *   second side writes hers (double-blind).
 * - `payout_accounts`: where a lender's payouts go: the provider's token of her bank account, the
 *   holder's name and the last four digits. Never the account number.
 * - `payouts`: a payout the lender asked for, with its entry in the payments ledger.
 * - `payout_lines`: what each payout pays, one row per source ('rental:42', 'claim:7'): unique
 *   source, so an earning is paid once even when two payouts are asked for at the same moment.
 * - `damage_claims` and `claim_photos`: a lender's claim on a returned piece, one per rental,
 *   decided by staff; an upheld claim's charge to the renter is in the ledger.
 * - `payment_sim_bank_accounts`: the simulated provider's side of a tokenised bank account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rental_ratings')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('visible_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('rental_ratings_rental_side_unique', ['rental_id', 'side'])
    .addCheckConstraint('rental_ratings_side_check', sql`side in ('renter', 'lender')`)
    .addCheckConstraint('rental_ratings_stars_check', sql`stars between 1 and 5`)
    .execute();
  await db.schema
    .createIndex('rental_ratings_subject_idx')
    .ifNotExists()
    .on('rental_ratings')
    .columns(['subject_id', 'side', 'visible_at'])
    .execute();

  await db.schema
    .createTable('payout_accounts')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payouts')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addCheckConstraint('payouts_status_check', sql`status in ('pending', 'paid', 'failed')`)
    .addCheckConstraint('payouts_amount_positive', sql`amount_cents > 0`)
    .execute();
  await db.schema.createIndex('payouts_lender_idx').ifNotExists().on('payouts').columns(['lender_id', 'id']).execute();

  await db.schema
    .createTable('payout_lines')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('payout_id', 'integer', (c) => c.notNull().references('payouts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payout_lines_payout_idx').ifNotExists().on('payout_lines').column('payout_id').execute();

  await db.schema
    .createTable('damage_claims')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().unique().references('rentals.id').onDelete('cascade'))
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('renter_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('note', 'text')
    .addColumn('charge_entry_id', 'integer')
    .addColumn('charge_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('damage_claims_status_check', sql`status in ('open', 'upheld', 'rejected')`)
    .addCheckConstraint('damage_claims_amount_positive', sql`amount_cents > 0`)
    .execute();
  await db.schema
    .createIndex('damage_claims_status_idx')
    .ifNotExists()
    .on('damage_claims')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('damage_claims_lender_idx')
    .ifNotExists()
    .on('damage_claims')
    .columns(['lender_id', 'id'])
    .execute();

  await db.schema
    .createTable('claim_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('damage_claims.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('claim_photos_claim_position_unique', ['claim_id', 'position'])
    .execute();

  await db.schema
    .createTable('payment_sim_bank_accounts')
    .ifNotExists()
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'payment_sim_bank_accounts',
    'claim_photos',
    'damage_claims',
    'payout_lines',
    'payouts',
    'payout_accounts',
    'rental_ratings',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
