import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Problem reports (issue 29 item 1; decision 0060): a renter's report of a problem with a rental
 * (wrong size, damaged or stained, not as described, not arrived), with photos and a note.
 *
 * - `problem_reports`: one row per report. `status` is open (waiting for the lender of a member's
 *   piece, or for staff on a house piece), disputed (the lender disagreed: staff decide), refunded
 *   or rejected. The partial unique index allows one open or disputed report per rental: of two
 *   reports at once the database keeps one. `refund_cents` is what the outcome refunds to her
 *   card (through the ledger), `lender_deduction_cents` what it takes from the lender's earning
 *   for that rental (her payouts read it).
 * - `report_photos`: its photos, stored like claim and listing photos.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('problem_reports')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('renter_id', 'text', (c) => c.notNull())
    .addColumn('lender_id', 'text')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lender_note', 'text')
    .addColumn('lender_answered_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('refund_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lender_deduction_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decision_note', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('refund_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('problem_reports_status_check', sql`status in ('open', 'disputed', 'refunded', 'rejected')`)
    .addCheckConstraint(
      'problem_reports_reason_check',
      sql`reason in ('wrong_size', 'damaged', 'not_as_described', 'not_arrived')`,
    )
    .addCheckConstraint(
      'problem_reports_outcome_check',
      sql`outcome is null or outcome in ('full_refund', 'partial_refund', 'rejected')`,
    )
    .addCheckConstraint('problem_reports_amounts_check', sql`refund_cents >= 0 and lender_deduction_cents >= 0`)
    .execute();
  await sql`create unique index if not exists problem_reports_one_open on problem_reports (rental_id) where status in ('open', 'disputed')`.execute(
    db,
  );
  await db.schema
    .createIndex('problem_reports_status_idx')
    .ifNotExists()
    .on('problem_reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('problem_reports_lender_idx')
    .ifNotExists()
    .on('problem_reports')
    .columns(['lender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('problem_reports_renter_idx')
    .ifNotExists()
    .on('problem_reports')
    .columns(['renter_id', 'id'])
    .execute();

  await db.schema
    .createTable('report_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('problem_reports.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('report_photos_report_position_unique', ['report_id', 'position'])
    .execute();
}
