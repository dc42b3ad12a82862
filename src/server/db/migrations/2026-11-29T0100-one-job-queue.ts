import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * One job queue on both databases (decision 0050).
 * - `jobs.once_key`: a key a job may carry that no other job of its queue ever carries again
 *   (unique, whatever the state). The scheduler sends each periodic job with the key of its
 *   period (`reminder-scan@<n>`), so however many processes tick, one job per period is queued.
 * - `scheduler_slots` goes: the periods are keys of the queue now.
 * - PostgreSQL: jobs still waiting in pg-boss's tables (the queue there before) are copied into
 *   `jobs`, so an order's e-mail queued just before the upgrade is still sent. pg-boss's schema
 *   itself is left as it was (drop it by hand once the upgrade is done: `drop schema pgboss cascade`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('once_key', 'text').execute();
  await db.schema
    .createIndex('jobs_once_unique')
    .ifNotExists()
    .on('jobs')
    .columns(['queue', 'once_key'])
    .unique()
    .execute();
  await db.schema.dropTable('scheduler_slots').ifExists().execute();

  if (!isPostgres(db)) return;
  const found = await sql<{ t: string | null }>`select to_regclass('pgboss.job')::text as t`.execute(db);
  if (!found.rows[0]?.t) return;
  const iso = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await sql`
    insert into jobs (queue, data, state, attempts, max_attempts, run_at, singleton_key, created_at)
    select name, coalesce(data, '{}'::jsonb)::text, 'queued', 0, retry_limit + 1, ${iso('start_after')}, singleton_key, ${iso('created_on')}
    from pgboss.job
    where state in ('created', 'retry', 'active')
    on conflict do nothing
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduler_slots')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .execute();
  await db.schema.dropIndex('jobs_once_unique').ifExists().execute();
  await db.schema.alterTable('jobs').dropColumn('once_key').execute();
}
