import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * The audit log: one row per staff action (and per staff change made from the command line),
 * written in the same transaction as the change it describes. `before_json` / `after_json` hold
 * the subject's relevant fields as JSON text; `actor_kind` is staff | cli | system. Rows are never
 * updated or deleted by the app. The staff role itself is a column of better-auth's `user` table
 * (an additional field, created by better-auth's migration: see auth.ts and decision 0020).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text') // the staff member's user id (kept if the account goes: no foreign key)
    .addColumn('actor_email', 'text') // as it was at the time
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .ifNotExists()
    .on('audit_log')
    .columns(['actor_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_action_idx').ifNotExists().on('audit_log').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .ifNotExists()
    .on('audit_log')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
