import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Lending between members (issue 18 part A, decision 0035).
 *
 * - `booking_requests`: a renter's request to book a member's piece. It owns a rental (which holds
 *   the unit's days like any booking) and the authorisation of the price on her card (a ledger
 *   entry). pending -> accepted (captured) | declined | expired (voided, the days freed) | failed
 *   (the authorisation was declined). One request per rental; `expires_at` is 48 hours after it
 *   was made. The conditional update `status = 'pending'` decides between two answers at once.
 * - `rental_messages`: the thread of a request or rental between renter and lender.
 * - `rental_thread_reads`: the last message each party has read (the unread count).
 * - `lender_blocks`: days a lender's piece is not available; each holds every unit of the piece
 *   with a booking without a rental (`lender_block_units`), so browse, the calendar and booking
 *   respect them through the one definition of held days (decision 0031).
 * - `handover_photos`: the condition photos a lender adds when she sends the piece and when it is back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_requests')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().unique().references('rentals.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('renter_id', 'text', (c) => c.notNull())
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('authorisation_entry_id', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'booking_requests_status_check',
      sql`status in ('authorising', 'pending', 'accepted', 'declined', 'expired', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('booking_requests_lender_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['lender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('booking_requests_renter_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['renter_id', 'id'])
    .execute();
  await db.schema
    .createIndex('booking_requests_pending_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('rental_messages')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rental_messages_rental_idx')
    .ifNotExists()
    .on('rental_messages')
    .columns(['rental_id', 'id'])
    .execute();

  await db.schema
    .createTable('rental_thread_reads')
    .ifNotExists()
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rental_thread_reads_pk', ['rental_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('lender_blocks')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('lender_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('lender_blocks_item_idx')
    .ifNotExists()
    .on('lender_blocks')
    .columns(['item_id', 'start_date'])
    .execute();

  await db.schema
    .createTable('lender_block_units')
    .ifNotExists()
    .addColumn('booking_id', 'integer', (c) => c.primaryKey())
    .addColumn('block_id', 'integer', (c) => c.notNull().references('lender_blocks.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('lender_block_units_block_idx')
    .ifNotExists()
    .on('lender_block_units')
    .column('block_id')
    .execute();

  await db.schema
    .createTable('handover_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('handover_photos_rental_stage_position_unique', ['rental_id', 'stage', 'position'])
    .addCheckConstraint('handover_photos_stage_check', sql`stage in ('sent', 'returned')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'handover_photos',
    'lender_block_units',
    'lender_blocks',
    'rental_thread_reads',
    'rental_messages',
    'booking_requests',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
