import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * SQLite: the search index also keeps one-letter prefixes (decision 0024). As someone types
 * "silk s", the last word is a one-letter prefix; without its own prefix index FTS5 merges the
 * lists of every word that starts with "s" (14-20 ms at 100k items; 4 ms with it, for an index
 * about a quarter larger). The table is rebuilt with the same columns, tokenizer and triggers as
 * migration `…T1600-search`, plus `prefix = '1 2 3'`. PostgreSQL's GIN index needs nothing.
 */
const COLS = 'name, brand, category, colour, description';
const NEW = 'new.name, new.brand, new.category, new.colour, new.description';
const OLD = 'old.name, old.brand, old.category, old.colour, old.description';

async function rebuild(db: Kysely<any>, prefix: string): Promise<void> {
  await sql`drop table if exists items_fts_vocab`.execute(db);
  for (const t of ['items_fts_ai', 'items_fts_ad', 'items_fts_au'])
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await sql`drop table if exists items_fts`.execute(db);
  await sql
    .raw(
      `create virtual table items_fts using fts5(${COLS}, content = 'items', content_rowid = 'id', ` +
        `tokenize = 'unicode61 remove_diacritics 2', prefix = '${prefix}')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger items_fts_ai after insert on items begin insert into items_fts (rowid, ${COLS}) values (new.id, ${NEW}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger items_fts_ad after delete on items begin insert into items_fts (items_fts, rowid, ${COLS}) values ('delete', old.id, ${OLD}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger items_fts_au after update of ${COLS} on items begin ` +
        `insert into items_fts (items_fts, rowid, ${COLS}) values ('delete', old.id, ${OLD}); ` +
        `insert into items_fts (rowid, ${COLS}) values (new.id, ${NEW}); end`,
    )
    .execute(db);
  await sql`insert into items_fts (items_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table items_fts_vocab using fts5vocab(items_fts, 'row')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, '1 2 3');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await rebuild(db, '2 3');
}
