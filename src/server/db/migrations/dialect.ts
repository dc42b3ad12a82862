import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Helpers for migrations only: migrations take Kysely<any>, never import app code, and use
 * these to pick the few column types that differ between SQLite and PostgreSQL.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key column type. */
export function serialPk(db: Kysely<any>): 'serial' | 'integer' {
  return isPostgres(db) ? 'serial' : 'integer';
}
