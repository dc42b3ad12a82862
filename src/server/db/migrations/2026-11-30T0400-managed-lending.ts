import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Managed lending (issue 31; decision 0062): "Rentique looks after it".
 *
 * - `listings.lending_mode`: 'managed' (we collect, clean, ship and store the piece; booked at
 *   once like a house piece) or 'self' (she lends it herself: requests and handover, decision
 *   0035). Rows already there are 'self': existing self-lent pieces stay as they are.
 * - Items of managed pieces take three more statuses: 'intake' (approved, on its way into our
 *   care: not in the catalogue), 'recalled' (she asked for it back: no new bookings),
 *   'returned' (back with her).
 * - `member_intakes`: a pickup at her address or a drop-off at a studio, its day and status
 *   (booked, received, checked, live, rejected), the desk's condition note, and the inbound
 *   label's status. One open intake per piece (partial unique index).
 * - `member_recalls`: a piece going back to her (by parcel or to a studio for collection) on the
 *   day she chose, or after a rejected intake. One open recall per piece.
 * - `lender_credits`: her share of a managed rental, written when it is booked (unique
 *   idempotency key `managed-share:rental:<id>`) and credited once at check-in (`credited_at`
 *   set by a conditional update): what her payouts pay, from then on.
 * - `lender_settings`: her "travelling until" day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('listings')
    .addColumn('lending_mode', 'text', (c) => c.notNull().defaultTo('self'))
    .execute();

  await db.schema
    .createTable('member_intakes')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('studio_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('label_status', 'text', (c) => c.notNull())
    .addColumn('condition_note', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('received_at', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('live_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('member_intakes_method_check', sql`method in ('pickup', 'drop-off')`)
    .addCheckConstraint(
      'member_intakes_status_check',
      sql`status in ('booked', 'received', 'checked', 'live', 'rejected')`,
    )
    .execute();
  await sql`create unique index if not exists member_intakes_one_open on member_intakes (item_id) where status in ('booked', 'received', 'checked')`.execute(
    db,
  );
  await db.schema
    .createIndex('member_intakes_status_idx')
    .ifNotExists()
    .on('member_intakes')
    .columns(['status', 'day'])
    .execute();

  await db.schema
    .createTable('member_recalls')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('studio_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('label_status', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('member_recalls_method_check', sql`method in ('parcel', 'studio')`)
    .addCheckConstraint('member_recalls_reason_check', sql`reason in ('recall', 'rejected')`)
    .addCheckConstraint('member_recalls_status_check', sql`status in ('waiting', 'sent')`)
    .execute();
  await sql`create unique index if not exists member_recalls_one_open on member_recalls (item_id) where status = 'waiting'`.execute(
    db,
  );

  await db.schema
    .createTable('lender_credits')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('rental_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('credited_at', 'text')
    .addCheckConstraint('lender_credits_amount_check', sql`amount_cents >= 0`)
    .execute();
  await db.schema
    .createIndex('lender_credits_lender_idx')
    .ifNotExists()
    .on('lender_credits')
    .column('lender_id')
    .execute();

  await db.schema
    .createTable('lender_settings')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('travelling_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['lender_settings', 'lender_credits', 'member_recalls', 'member_intakes'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('listings').dropColumn('lending_mode').execute();
}
