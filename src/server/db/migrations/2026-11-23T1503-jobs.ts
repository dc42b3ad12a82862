import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Background work (decision 0021).
 * - `jobs`: the table-backed queue used on SQLite (PostgreSQL uses pg-boss, in its own `pgboss`
 *   schema). A job is visible from `run_at`; a worker claims it by a conditional update that sets
 *   `locked_until` (a lease: a dead worker's job comes back when it passes); failures are retried
 *   with a growing delay up to `max_attempts`. A job sent with a `singleton_key` exists at most
 *   once while queued or running (partial unique index).
 * - `scheduler_slots`: the next time each periodic task is due; a process runs it only when its
 *   conditional update of `next_run_at` wins, so it runs once per interval across processes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull()) // queued | active | done | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('singleton_key', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_ready_idx')
    .ifNotExists()
    .on('jobs')
    .columns(['queue', 'state', 'run_at'])
    .execute();
  await db.schema
    .createIndex('jobs_singleton_unique')
    .ifNotExists()
    .on('jobs')
    .columns(['queue', 'singleton_key'])
    .unique()
    .where(sql<boolean>`singleton_key is not null and state in ('queued', 'active')`)
    .execute();

  await db.schema
    .createTable('scheduler_slots')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduler_slots').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
