import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The catalogue's change log (decision 0057): every app process keeps an in-process search index
 * built from the database and follows this log to stay exact.
 *
 * - `catalogue_changes (version, item_id)`: an item whose searchable, filterable or sortable
 *   facts changed (the item row itself, or one of its units), written by triggers in the same
 *   transaction. `version` is `catalogue_version.version` after the bump that came with it; the
 *   bump locks that one row until commit, so versions become visible in commit order and a
 *   reader that has seen version v has seen every change up to v.
 * - PostgreSQL also sends `notify catalogue_changes` (delivered at commit), so the other
 *   processes apply a change at once instead of at their next poll.
 * - The full-text engines of decision 0019 go: FTS5 (SQLite) and the tsvector column,
 *   search_words and their triggers (PostgreSQL). The old version triggers of decision 0024 are
 *   replaced by these.
 */
const ITEM_COLUMNS = [
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

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalogue_changes_version_idx').on('catalogue_changes').column('version').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists items_catalogue_version on items`.execute(db);
    await sql`drop trigger if exists item_units_catalogue_version on item_units`.execute(db);
    await sql`drop function if exists bump_catalogue_version()`.execute(db);
    await sql`drop trigger if exists items_search_words_trg on items`.execute(db);
    await sql`drop function if exists items_search_words()`.execute(db);
    await sql`drop table if exists search_words`.execute(db);
    await sql`alter table items drop column if exists search_vector`.execute(db);
    // One function per statement and event, reading the statement's rows (transition tables).
    const distinctCols = ITEM_COLUMNS.map((c) => `n.${c} is distinct from o.${c}`).join(' or ');
    await sql
      .raw(
        `create function log_item_updates() returns trigger language plpgsql as $$
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
    for (const [table, event, rows, id] of [
      ['items', 'insert', 'new', 'id'],
      ['items', 'delete', 'old', 'id'],
      ['item_units', 'insert', 'new', 'item_id'],
      ['item_units', 'delete', 'old', 'item_id'],
    ] as const) {
      await sql
        .raw(
          `create function log_${table}_${event}() returns trigger language plpgsql as $$
          declare v integer;
          begin
            if not exists (select 1 from ${rows}_rows) then return null; end if;
            update catalogue_version set version = version + 1 where id = 1 returning version into v;
            insert into catalogue_changes (version, item_id) select distinct v, ${id} from ${rows}_rows;
            perform pg_notify('catalogue_changes', v::text);
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_changes_${event} after ${event} on ${table} referencing ${rows} table as ${rows}_rows for each statement execute function log_${table}_${event}()`,
        )
        .execute(db);
    }
    await sql`create trigger items_changes_update after update on items referencing old table as old_rows new table as new_rows for each statement execute function log_item_updates()`.execute(
      db,
    );
    await sql`
      create function log_item_units_update() returns trigger language plpgsql as $$
      declare v integer;
      begin
        if not exists (select 1 from new_rows) then return null; end if;
        update catalogue_version set version = version + 1 where id = 1 returning version into v;
        insert into catalogue_changes (version, item_id)
          select distinct v, item_id from (select item_id from new_rows union select item_id from old_rows) t;
        perform pg_notify('catalogue_changes', v::text);
        return null;
      end $$`.execute(db);
    await sql`create trigger item_units_changes_update after update on item_units referencing old table as old_rows new table as new_rows for each statement execute function log_item_units_update()`.execute(
      db,
    );
    return;
  }
  for (const t of ['ai', 'ad', 'au']) {
    await sql.raw(`drop trigger if exists items_catalogue_version_${t}`).execute(db);
    await sql.raw(`drop trigger if exists item_units_catalogue_version_${t}`).execute(db);
    await sql.raw(`drop trigger if exists items_fts_${t}`).execute(db);
  }
  await sql`drop table if exists items_fts_vocab`.execute(db);
  await sql`drop table if exists items_fts`.execute(db);
  // SQLite has one writer at a time: a bump per row, each logged with its item.
  const log = (id: string) =>
    `update catalogue_version set version = version + 1 where id = 1; ` +
    `insert into catalogue_changes (version, item_id) values ((select version from catalogue_version where id = 1), ${id});`;
  await sql.raw(`create trigger items_changes_ai after insert on items begin ${log('new.id')} end`).execute(db);
  await sql.raw(`create trigger items_changes_ad after delete on items begin ${log('old.id')} end`).execute(db);
  const changed = ITEM_COLUMNS.map((c) => `new.${c} is not old.${c}`).join(' or ');
  await sql
    .raw(`create trigger items_changes_au after update on items when ${changed} begin ${log('new.id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger item_units_changes_ai after insert on item_units begin ${log('new.item_id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger item_units_changes_ad after delete on item_units begin ${log('old.item_id')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger item_units_changes_au after update on item_units begin ${log('old.item_id')} ${log('new.item_id')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The full-text engines are not brought back: run the migrations of decision 0019 again by hand if needed.
  if (isPostgres(db)) {
    for (const [table, event] of [
      ['items', 'insert'],
      ['items', 'delete'],
      ['items', 'update'],
      ['item_units', 'insert'],
      ['item_units', 'delete'],
      ['item_units', 'update'],
    ])
      await sql.raw(`drop trigger if exists ${table}_changes_${event} on ${table}`).execute(db);
    for (const f of [
      'log_items_insert',
      'log_items_delete',
      'log_item_updates',
      'log_item_units_insert',
      'log_item_units_delete',
      'log_item_units_update',
    ])
      await sql.raw(`drop function if exists ${f}()`).execute(db);
  } else {
    for (const t of [
      'items_changes_ai',
      'items_changes_ad',
      'items_changes_au',
      'item_units_changes_ai',
      'item_units_changes_ad',
      'item_units_changes_au',
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await db.schema.dropTable('catalogue_changes').ifExists().execute();
}
