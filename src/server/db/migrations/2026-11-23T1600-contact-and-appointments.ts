import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Customer care. `contact_messages`: what the contact form sends (the sender's address is kept
 * for abuse handling). `styling_appointments`: one row per booked appointment; the unique
 * (date, time) constraint is what makes a slot one member's, even when two book it at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_created_idx')
    .ifNotExists()
    .on('contact_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('styling_appointments')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('styling_appointments_slot_unique', ['date', 'time'])
    .execute();
  await db.schema
    .createIndex('styling_appointments_user_idx')
    .ifNotExists()
    .on('styling_appointments')
    .columns(['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('styling_appointments').ifExists().execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
}
