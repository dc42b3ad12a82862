import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Favorites in the catalogue's change log (decision 0071): the search index holds, per piece,
 * how many members have it in their favorites (a Recommended signal), so a like or an unlike
 * logs the piece in `catalogue_changes` as the item triggers of 2026-11-29T1200 do (the version
 * bumped in the same transaction, NOTIFY on PostgreSQL), and every process reads its count again.
 * Rentals need no trigger: a rental counted or cancelled changes the item's `rental_count`,
 * which is logged already. The (item_id) index answers the index's count for changed pieces.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('user_liked_items_item_idx')
    .ifNotExists()
    .on('user_liked_items')
    .column('item_id')
    .execute();
  if (isPostgres(db)) {
    for (const [event, rows] of [
      ['insert', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function log_user_liked_items_${event}() returns trigger language plpgsql as $$
          declare v integer;
          begin
            if not exists (select 1 from ${rows}_rows) then return null; end if;
            update catalogue_version set version = version + 1 where id = 1 returning version into v;
            insert into catalogue_changes (version, item_id) select distinct v, item_id from ${rows}_rows;
            perform pg_notify('catalogue_changes', v::text);
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger user_liked_items_changes_${event} after ${event} on user_liked_items referencing ${rows} table as ${rows}_rows for each statement execute function log_user_liked_items_${event}()`,
        )
        .execute(db);
    }
    return;
  }
  const log = (id: string) =>
    `update catalogue_version set version = version + 1 where id = 1; ` +
    `insert into catalogue_changes (version, item_id) values ((select version from catalogue_version where id = 1), ${id});`;
  await sql
    .raw(`create trigger user_liked_items_changes_ai after insert on user_liked_items begin ${log('new.item_id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger user_liked_items_changes_ad after delete on user_liked_items begin ${log('old.item_id')} end`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const event of ['insert', 'delete']) {
      await sql.raw(`drop trigger if exists user_liked_items_changes_${event} on user_liked_items`).execute(db);
      await sql.raw(`drop function if exists log_user_liked_items_${event}()`).execute(db);
    }
  } else {
    await sql.raw('drop trigger if exists user_liked_items_changes_ai').execute(db);
    await sql.raw('drop trigger if exists user_liked_items_changes_ad').execute(db);
  }
  await db.schema.dropIndex('user_liked_items_item_idx').ifExists().execute();
}
