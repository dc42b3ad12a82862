import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Members lending their own clothes. A listing is a row in `items` with `owner_id` set (so it is
 * browsed and rented like any item); `listings` adds how the piece reaches us, and
 * `listing_photos` the member's photos (files under DATA_DIR/uploads with server-chosen names).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listings')
    .ifNotExists()
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('handover', 'text', (c) => c.notNull()) // drop-off | pickup
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listings_owner_idx')
    .ifNotExists()
    .on('listings')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('listing_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('listing_photos_item_position_unique', ['item_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_photos').ifExists().execute();
  await db.schema.dropTable('listings').ifExists().execute();
}
