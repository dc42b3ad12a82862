import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Member events and their reservations. `spots_left` only moves through conditional updates
 * (`spots_left = spots_left - 1 WHERE spots_left > 0`), so it never goes below zero, and one
 * member holds at most one spot per event (primary key of `event_rsvps`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('series', 'text') // the sample event this occurrence repeats (seed), else null
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('spots', 'integer', (c) => c.notNull())
    .addColumn('spots_left', 'integer', (c) => c.notNull())
    .addColumn('is_exclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('events_spots_left_range', sql`spots_left >= 0 AND spots_left <= spots`)
    .execute();
  await db.schema.createIndex('events_date_idx').ifNotExists().on('events').column('date').execute();
  // One occurrence of a sample event per day: two processes seeding at once cannot both insert it.
  await db.schema
    .createIndex('events_series_date_unique')
    .ifNotExists()
    .on('events')
    .columns(['series', 'date'])
    .unique()
    .execute();

  await db.schema
    .createTable('event_rsvps')
    .ifNotExists()
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_rsvps_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_rsvps_user_idx').ifNotExists().on('event_rsvps').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_rsvps').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
}
