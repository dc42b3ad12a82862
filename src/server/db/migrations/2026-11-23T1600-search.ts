import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Full-text search over an item's name, brand, category, colour and description, in each
 * database's own engine (decision 0019):
 *
 * - SQLite: an FTS5 table with external content (`items` holds the text; the index holds only
 *   the tokens), kept in step by triggers on insert, delete and update of those columns, and an
 *   `fts5vocab` table over it: the words the catalogue uses, which typo correction reads.
 * - PostgreSQL: a stored generated `tsvector` column (name weighted A, colour and category B,
 *   brand C, description D) with a GIN index, and `search_words`: every word of those vectors
 *   and about how many items use it, kept by a trigger, with a trigram (pg_trgm) index to find
 *   the known words nearest a typo.
 *
 * Both use the 'simple' treatment (lower case, accents dropped on SQLite, no stemming): a search
 * matches words by prefix, so "dress" finds "dresses".
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`
      alter table items add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(colour, '') || ' ' || coalesce(category, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce(brand, '')), 'C') ||
        setweight(to_tsvector('simple', coalesce(description, '')), 'D')
      ) stored`.execute(db);
    await sql`create index items_search_idx on items using gin (search_vector)`.execute(db);
    // ndoc: how many items used the word when it was written (counted up, never down: a tie-breaker).
    await sql`create table search_words (word text primary key, ndoc integer not null default 0)`.execute(db);
    await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
    await sql`insert into search_words (word, ndoc) select w, count(*) from items, unnest(tsvector_to_array(search_vector)) w group by w`.execute(
      db,
    );
    await sql`
      create function items_search_words() returns trigger language plpgsql as $$
      begin
        insert into search_words (word, ndoc) select unnest(tsvector_to_array(new.search_vector)), 1
        on conflict (word) do update set ndoc = search_words.ndoc + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger items_search_words_trg after insert or update of name, brand, category, colour, description on items for each row execute function items_search_words()`.execute(
      db,
    );
    return;
  }
  await sql`
    create virtual table items_fts using fts5(
      name, brand, category, colour, description,
      content = 'items', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
  const cols = 'name, brand, category, colour, description';
  const newVals = 'new.name, new.brand, new.category, new.colour, new.description';
  const oldVals = 'old.name, old.brand, old.category, old.colour, old.description';
  await sql
    .raw(
      `create trigger items_fts_ai after insert on items begin insert into items_fts (rowid, ${cols}) values (new.id, ${newVals}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger items_fts_ad after delete on items begin insert into items_fts (items_fts, rowid, ${cols}) values ('delete', old.id, ${oldVals}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger items_fts_au after update of ${cols} on items begin ` +
        `insert into items_fts (items_fts, rowid, ${cols}) values ('delete', old.id, ${oldVals}); ` +
        `insert into items_fts (rowid, ${cols}) values (new.id, ${newVals}); end`,
    )
    .execute(db);
  await sql`insert into items_fts (items_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table items_fts_vocab using fts5vocab(items_fts, 'row')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists items_search_words_trg on items`.execute(db);
    await sql`drop function if exists items_search_words()`.execute(db);
    await sql`drop table if exists search_words`.execute(db);
    await sql`drop index if exists items_search_idx`.execute(db);
    await sql`alter table items drop column if exists search_vector`.execute(db);
    return;
  }
  await sql`drop table if exists items_fts_vocab`.execute(db);
  for (const t of ['items_fts_ai', 'items_fts_ad', 'items_fts_au'])
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await sql`drop table if exists items_fts`.execute(db);
}
