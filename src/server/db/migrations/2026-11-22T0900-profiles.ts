import type { Kysely } from 'kysely';

/** One profile per account (id = better-auth user id): the member's name and gender. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profiles').ifExists().execute();
}
