import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema';

/**
 * The few statements whose SQL differs between SQLite and PostgreSQL, as named helpers (the
 * dialect seam: features call these and never branch on the database). Row locks need none:
 * features write Kysely's `.forUpdate()` and friends, which SQLite drops (row-locks.ts).
 */

/** Whether this connection or transaction is PostgreSQL's. For src/server/db only. */
export function isPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * After rows were inserted with explicit ids: the next generated id follows the largest one.
 * PostgreSQL's serial columns keep a sequence of their own; SQLite's integer primary keys take
 * the largest id plus one by themselves, so there it does nothing.
 */
export async function syncIdSequences(db: Kysely<DB>, tables: readonly (keyof DB & string)[]): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.table(table)}), 1))`.execute(
      db,
    );
  }
}

/**
 * Fresh planner statistics after a bulk load (SQLite: ANALYZE; PostgreSQL: VACUUM ANALYZE, as
 * autovacuum would soon, so index-only scans need not visit the table). Outside a transaction.
 */
export async function refreshPlannerStatistics(db: Kysely<DB>): Promise<void> {
  await (isPostgres(db) ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

/**
 * A column in a condition that SQLite's planner must not answer from the column's own index
 * (the unary `+`, SQLite's documented hint), so it walks the index of the list's sort instead
 * and stops after a page. PostgreSQL's planner weighs the two itself: the column as it is.
 */
export function notViaIndex<T>(db: Kysely<DB>, column: string): RawBuilder<T> {
  return isPostgres(db) ? sql.ref<T>(column) : sql<T>`+${sql.ref(column)}`;
}
