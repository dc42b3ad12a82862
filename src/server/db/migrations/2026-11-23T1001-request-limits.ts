import type { Kysely } from 'kysely';

/**
 * Our own rate limits, kept in the database so every app process counts the same attempts (card
 * submissions per member, ...). One row per limit, subject and fixed window: the key names all
 * three; `count` is raised only by `count = count + 1 WHERE count < max`. Rows whose window has
 * ended are purged (src/server/housekeeping.ts), by `expires_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_limits')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull()) // ISO timestamp: the end of the window
    .execute();
  await db.schema
    .createIndex('request_limits_expires_idx')
    .ifNotExists()
    .on('request_limits')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_limits').ifExists().execute();
}
