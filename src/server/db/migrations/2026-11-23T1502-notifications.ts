import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Notifications: one row per (kind, subject, recipient), made unique by the database, so a
 * reminder found by two scans (or two processes) exists once. The row is the in-app message and
 * drives its e-mail: a sender claims it with a conditional update of `email_claimed_until`
 * (only while `emailed_at` is null and no live claim exists) and sets `emailed_at` after the mail
 * server accepted it (decision 0021).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('email_claimed_until', 'text')
    .addColumn('email_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_error', 'text')
    .addUniqueConstraint('notifications_dedupe_unique', ['kind', 'subject_type', 'subject_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .ifNotExists()
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_unread_idx')
    .ifNotExists()
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('notifications_unsent_idx')
    .ifNotExists()
    .on('notifications')
    .column('id')
    .where(sql.ref('emailed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
