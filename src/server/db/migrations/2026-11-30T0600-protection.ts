import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Protection (issue 29 items 2-5; decision 0064): damage cover, deposits, damage recorded against
 * the schedule, lenders' per-piece policies and identity verification.
 *
 * - `rental_covers`: one per rental (primary key): the cover's fee and its charge in the ledger.
 * - `rental_deposits`: one per rental (primary key): the authorisation held on her card and how
 *   it ended (released, or captured in part or in full). `status` moves by conditional updates.
 * - `damage_assessments`: one per rental (unique): the damage recorded against the schedule,
 *   what the renter owes, what the cover pays and what the piece's lender is owed.
 * - `piece_policies`: the lender's policy on a piece (minimum and maximum days, cleaning, deposit,
 *   Instant Book).
 * - `identity_checks`: a member's checks with the identity provider (its reference unique);
 *   `identity_events`: each webhook event once (its id is the primary key).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rental_covers')
    .ifNotExists()
    .addColumn('rental_id', 'integer', (c) => c.primaryKey().references('rentals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('rental_covers_status_check', sql`status in ('pending', 'active', 'failed')`)
    .execute();

  await db.schema
    .createTable('rental_deposits')
    .ifNotExists()
    .addColumn('rental_id', 'integer', (c) => c.primaryKey().references('rentals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('auth_entry_id', 'integer')
    .addColumn('captured_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_by', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'rental_deposits_status_check',
      sql`status in ('authorising', 'held', 'declined', 'released', 'captured')`,
    )
    .addCheckConstraint('rental_deposits_amounts_check', sql`captured_cents >= 0 and captured_cents <= amount_cents`)
    .execute();

  await db.schema
    .createTable('damage_assessments')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().unique().references('rentals.id').onDelete('cascade'))
    .addColumn('renter_id', 'text', (c) => c.notNull())
    .addColumn('lender_id', 'text')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('covered', 'integer', (c) => c.notNull())
    .addColumn('cost_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('renter_cents', 'integer', (c) => c.notNull())
    .addColumn('full_cents', 'integer', (c) => c.notNull())
    .addColumn('deposit_captured_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_entry_id', 'integer')
    .addColumn('charge_status', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'damage_assessments_kind_check',
      sql`kind in ('wear', 'small_stain', 'minor_repair', 'major_repair', 'missing_part', 'loss')`,
    )
    .addCheckConstraint(
      'damage_assessments_amounts_check',
      sql`renter_cents >= 0 and full_cents >= renter_cents and deposit_captured_cents + charged_cents = renter_cents`,
    )
    .execute();
  await db.schema
    .createIndex('damage_assessments_lender_idx')
    .ifNotExists()
    .on('damage_assessments')
    .columns(['lender_id', 'id'])
    .execute();

  await db.schema
    .createTable('piece_policies')
    .ifNotExists()
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('min_days', 'integer', (c) => c.notNull())
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .addColumn('cleaning', 'text', (c) => c.notNull())
    .addColumn('deposit_required', 'integer', (c) => c.notNull())
    .addColumn('instant_book', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('piece_policies_days_check', sql`min_days >= 1 and max_days >= min_days`)
    .execute();

  await db.schema
    .createTable('identity_checks')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'identity_checks_status_check',
      sql`status in ('pending', 'approved', 'rejected', 'needs_review')`,
    )
    .execute();
  await db.schema
    .createIndex('identity_checks_user_idx')
    .ifNotExists()
    .on('identity_checks')
    .columns(['user_id', 'id'])
    .execute();
  // One check under way per member: two starts at once make one.
  await sql`create unique index if not exists identity_checks_one_open on identity_checks (user_id) where status in ('pending', 'needs_review')`.execute(
    db,
  );

  await db.schema
    .createTable('identity_events')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}
