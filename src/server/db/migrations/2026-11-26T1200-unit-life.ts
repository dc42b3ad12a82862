import { sql, type Kysely } from 'kysely';
import { isPostgres, serialPk } from './dialect';

/**
 * The life of a unit between two members (issue 16 part B, decision 0031).
 *
 * - `unit_states`: one row per unit that has left the shelf at least once (a unit without a row is
 *   available): its state (available, dispatched, with_member, returned, cleaning, repair,
 *   retired), its grade at the last check-in, the rental it is out on or came back from, the
 *   booking that holds it while in repair or retired, and when it last changed. A table of its
 *   own, not columns of item_units: item_units' triggers bump the catalogue version (decision
 *   0024) on any update, and a dispatch or check-in changes no facet count.
 * - `rentals` gain the marks of their life: dispatched (by whom), received or handed over,
 *   checked in (by whom, graded, with a note), and the late fee worked out at check-in with what
 *   became of it (due, charged, failed, waived) and its entries in the payments ledger (decision
 *   0029: the charge, and the refund of a waived fee).
 * - `condition_photos`: photos taken at check-in, stored like listing photos.
 * - `bookings` now hold the days a rental occupies its unit (shipping day before, cleaning window
 *   after), not the member's dates (which stay on the rental); bookings made before this keep
 *   their dates until check-in sets the cleaning window.
 *
 * Rentals that exist when this runs keep their meaning: one returned after it started was
 * checked in then (the old 'return' freed the unit at once); one still open whose start date has
 * come is with the member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unit_states')
    .ifNotExists()
    .addColumn('unit_id', 'integer', (c) => c.primaryKey().references('item_units.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('condition', 'text')
    .addColumn('note', 'text')
    .addColumn('rental_id', 'integer')
    .addColumn('hold_booking_id', 'integer')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'unit_states_state_check',
      sql`state in ('available', 'dispatched', 'with_member', 'returned', 'cleaning', 'repair', 'retired')`,
    )
    .execute();
  await db.schema
    .createIndex('unit_states_state_idx')
    .ifNotExists()
    .on('unit_states')
    .columns(['state', 'changed_at'])
    .execute();

  for (const [name, type] of [
    ['dispatched_at', 'text'],
    ['dispatched_by', 'text'],
    ['received_at', 'text'],
    ['checked_in_at', 'text'],
    ['checked_in_by', 'text'],
    ['condition', 'text'],
    ['condition_note', 'text'],
    ['late_days', 'integer'],
    ['late_fee_cents', 'integer'],
    ['late_fee_status', 'text'],
    ['late_fee_entry_id', 'integer'],
    ['late_fee_refund_entry_id', 'integer'],
    ['late_fee_error', 'text'],
    ['late_fee_waived_at', 'text'],
    ['late_fee_waived_by', 'text'],
  ] as const) {
    await db.schema.alterTable('rentals').addColumn(name, type).execute();
  }
  // The desk's lists: rentals not checked in, by return date (due back, overdue) and by start.
  await db.schema
    .createIndex('rentals_not_checked_in_end_idx')
    .ifNotExists()
    .on('rentals')
    .columns(['end_date', 'id'])
    .where(sql.ref('checked_in_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('rentals_not_dispatched_start_idx')
    .ifNotExists()
    .on('rentals')
    .columns(['start_date', 'id'])
    .where(sql.ref('dispatched_at'), 'is', null)
    .execute();
  await db.schema.createIndex('rentals_unit_idx').ifNotExists().on('rentals').columns(['unit_id', 'id']).execute();
  await db.schema.createIndex('rentals_checked_in_idx').ifNotExists().on('rentals').column('checked_in_at').execute();

  await db.schema
    .createTable('condition_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('condition_photos_rental_position_unique', ['rental_id', 'position'])
    .execute();

  // Rentals returned after their start: checked in when returned (the old 'return' freed the
  // unit at once). Returned before their start: cancelled reservations, never dispatched.
  await sql`
    update rentals set
      dispatched_at = start_date || 'T00:00:00.000Z',
      received_at = start_date || 'T00:00:00.000Z',
      checked_in_at = returned_at
    where returned_at is not null and substr(returned_at, 1, 10) >= start_date`.execute(db);
  // Open rentals whose start date has come: with the member.
  const today = isPostgres(db) ? sql`to_char(current_date, 'YYYY-MM-DD')` : sql`date('now')`;
  await sql`
    update rentals set
      dispatched_at = start_date || 'T00:00:00.000Z',
      received_at = start_date || 'T00:00:00.000Z'
    where returned_at is null and start_date <= ${today}`.execute(db);
  await sql`
    insert into unit_states (unit_id, state, rental_id, changed_at)
    select r.unit_id, 'with_member', max(r.id), max(r.dispatched_at)
    from rentals r
    where r.returned_at is null and r.dispatched_at is not null
    group by r.unit_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('condition_photos').ifExists().execute();
  for (const idx of [
    'rentals_not_checked_in_end_idx',
    'rentals_not_dispatched_start_idx',
    'rentals_unit_idx',
    'rentals_checked_in_idx',
  ]) {
    await db.schema.dropIndex(idx).ifExists().execute();
  }
  for (const c of [
    'dispatched_at',
    'dispatched_by',
    'received_at',
    'checked_in_at',
    'checked_in_by',
    'condition',
    'condition_note',
    'late_days',
    'late_fee_cents',
    'late_fee_status',
    'late_fee_entry_id',
    'late_fee_refund_entry_id',
    'late_fee_error',
    'late_fee_waived_at',
    'late_fee_waived_by',
  ]) {
    await db.schema.alterTable('rentals').dropColumn(c).execute();
  }
  await db.schema.dropTable('unit_states').ifExists().execute();
}
