import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Match your outfit: which items a member has viewed (liked or skipped), the favorites with a copy
 * of the item, the deck position per gender, and the views counted per member per UTC day.
 * The daily limit is held by `user_daily_views` (a conditional `count = count + 1 WHERE count < 3`)
 * and the one-view-per-item rule by the primary key of `user_viewed_items`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_viewed_items')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_viewed_items_pk', ['user_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('user_liked_items')
    .ifNotExists()
    // A surrogate key only to order favorites liked in the same millisecond.
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_data', 'text', (c) => c.notNull()) // JSON copy of the item when liked
    .addColumn('liked_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_liked_items_user_item_unique', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('user_liked_items_user_liked_idx')
    .ifNotExists()
    .on('user_liked_items')
    .columns(['user_id', 'liked_at'])
    .execute();

  await db.schema
    .createTable('user_session_progress')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gender', 'text', (c) => c.notNull()) // Women | Men
    .addColumn('last_item_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull()) // the newest row is the current gender
    .addPrimaryKeyConstraint('user_session_progress_pk', ['user_id', 'gender'])
    .execute();

  await db.schema
    .createTable('user_daily_views')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD, UTC
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_daily_views_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_daily_views').ifExists().execute();
  await db.schema.dropTable('user_session_progress').ifExists().execute();
  await db.schema.dropTable('user_liked_items').ifExists().execute();
  await db.schema.dropTable('user_viewed_items').ifExists().execute();
}
