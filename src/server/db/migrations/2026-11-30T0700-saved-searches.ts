import type { Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Saved searches (issue 27 item 5; decision 0065): a member's named search from /browse (its
 * words, filters and sizes as browse's query string, without dates, sort or paging).
 *
 * - `alerts`: 1 when she asked to be told (in-app and by e-mail) of new pieces that match.
 * - `checked_at`: pieces listed (added, or approved) after it are new to this search.
 * - `last_alert_on`: the business day of the last alert; the alert claims the day by a
 *   conditional update (`last_alert_on is null or < today`), so at most one a day per search,
 *   however many workers run the scan.
 * - `unsubscribe_token`: the e-mail's unsubscribe link (unique, random).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('last_alert_on', 'text')
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_searches_user_idx').ifNotExists().on('saved_searches').column('user_id').execute();
  await db.schema
    .createIndex('saved_searches_alerts_idx')
    .ifNotExists()
    .on('saved_searches')
    .columns(['alerts', 'last_alert_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_searches').ifExists().execute();
}
