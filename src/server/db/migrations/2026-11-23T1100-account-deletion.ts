import type { Kysely } from 'kysely';

/**
 * Deleted accounts (decision 0013): the `user` row stays as an anonymous tombstone so rentals,
 * charges and lenders' earnings keep their history; its profile records when it was deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('deleted_at').execute();
}
