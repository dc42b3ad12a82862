import { sql, type Kysely } from 'kysely';

/**
 * The units booked in a date range (facet counts with dates, decision 0024): a partial index of
 * the active bookings by end and start date that also holds the unit, so the range is read from
 * the index alone, without the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_active_dates_idx')
    .ifNotExists()
    .on('bookings')
    .columns(['end_date', 'start_date', 'unit_id'])
    .where(sql.ref('released_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_active_dates_idx').ifExists().execute();
}
