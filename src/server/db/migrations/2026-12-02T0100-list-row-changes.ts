import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The list rows follow the change log (decision 0083): a list's rows are read from the search
 * index, not from `items`, so every column a card shows must log its item when it changes. The
 * update trigger of 2026-11-29T1200 now also watches the retail price, the review count, "new",
 * the owner and the look, and a photo added, moved or removed logs its item (its cover).
 */
const BEFORE = [
  'status',
  'gender',
  'category',
  'brand',
  'colour',
  'tags',
  'rental_price_cents',
  'name',
  'description',
  'rating',
  'rental_count',
  'created_at',
  'unit_sizes',
];
const AFTER = [...BEFORE, 'retail_price_cents', 'review_count', 'is_new', 'owner_id', 'look'];

const sqliteLog = (id: string) =>
  `update catalogue_version set version = version + 1 where id = 1; ` +
  `insert into catalogue_changes (version, item_id) values ((select version from catalogue_version where id = 1), ${id});`;

async function itemUpdates(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    const distinctCols = columns.map((c) => `n.${c} is distinct from o.${c}`).join(' or ');
    await sql
      .raw(
        `create or replace function log_item_updates() returns trigger language plpgsql as $$
        declare v integer;
        begin
          if not exists (select 1 from new_rows n join old_rows o on o.id = n.id where ${distinctCols}) then return null; end if;
          update catalogue_version set version = version + 1 where id = 1 returning version into v;
          insert into catalogue_changes (version, item_id)
            select distinct v, n.id from new_rows n join old_rows o on o.id = n.id where ${distinctCols};
          perform pg_notify('catalogue_changes', v::text);
          return null;
        end $$`,
      )
      .execute(db);
    return;
  }
  const changed = columns.map((c) => `new.${c} is not old.${c}`).join(' or ');
  await sql.raw('drop trigger if exists items_changes_au').execute(db);
  await sql
    .raw(`create trigger items_changes_au after update on items when ${changed} begin ${sqliteLog('new.id')} end`)
    .execute(db);
}

const PHOTO_EVENTS = [
  ['insert', 'ai'],
  ['delete', 'ad'],
  ['update', 'au'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await itemUpdates(db, AFTER);
  if (isPostgres(db)) {
    for (const [event] of PHOTO_EVENTS) {
      const rows =
        event === 'insert'
          ? 'select item_id from new_rows'
          : event === 'delete'
            ? 'select item_id from old_rows'
            : 'select item_id from new_rows union select item_id from old_rows';
      const referencing =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create function log_listing_photos_${event}() returns trigger language plpgsql as $$
          declare v integer;
          begin
            if not exists (${rows}) then return null; end if;
            update catalogue_version set version = version + 1 where id = 1 returning version into v;
            insert into catalogue_changes (version, item_id) select distinct v, item_id from (${rows}) t;
            perform pg_notify('catalogue_changes', v::text);
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger listing_photos_changes_${event} after ${event} on listing_photos referencing ${referencing} for each statement execute function log_listing_photos_${event}()`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create trigger listing_photos_changes_ai after insert on listing_photos begin ${sqliteLog('new.item_id')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger listing_photos_changes_ad after delete on listing_photos begin ${sqliteLog('old.item_id')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger listing_photos_changes_au after update on listing_photos begin ${sqliteLog('old.item_id')} ${sqliteLog('new.item_id')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await itemUpdates(db, BEFORE);
  for (const [event, short] of PHOTO_EVENTS) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists listing_photos_changes_${event} on listing_photos`).execute(db);
      await sql.raw(`drop function if exists log_listing_photos_${event}()`).execute(db);
    } else await sql.raw(`drop trigger if exists listing_photos_changes_${short}`).execute(db);
  }
}
