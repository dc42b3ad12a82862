import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { KnownWord, SearchMatch, SearchPageParts, TextSearch } from './text-search';

/** FTS5's query language: every group must match, each word quoted, `*` for a prefix. Words are letters and digits only. */
function ftsQuery(match: SearchMatch): string {
  const word = (w: string) => `"${w.replace(/"/g, '')}"*`;
  return match.groups.map((g) => (g.length === 1 ? word(g[0]!) : `(${g.map(word).join(' OR ')})`)).join(' AND ');
}

/**
 * The text search on SQLite (decision 0019): the FTS5 table `items_fts` (its rowid is the item's
 * id), ranked by bm25, and its vocabulary `items_fts_vocab`; a mistyped word is compared with the
 * whole vocabulary.
 */
export function createSqliteTextSearch(db: Kysely<DB>): TextSearch {
  return {
    matches(match) {
      return sql<boolean>`items.id in (select rowid from items_fts where items_fts match ${ftsQuery(match)})`;
    },

    async rankedPage(p: SearchPageParts) {
      // bm25 weights per column: name, brand, category, colour, description.
      const ranking = sql<{
        id: number;
        score: number;
      }>`(select rowid as id, bm25(items_fts, 10.0, 3.0, 6.0, 6.0, 1.0) as score from items_fts where items_fts match ${ftsQuery(p.match)})`;
      let q = p.filtered(
        p
          .summary(
            p.db.selectFrom('items').innerJoin(ranking.as('s'), 's.id', 'items.id') as unknown as SelectQueryBuilder<
              DB,
              'items',
              object
            >,
          )
          .select(sql<number>`s.score`.as('score')),
        { match: null, withDates: true }, // the join already keeps only the matches
      );
      if (p.after) q = q.where(sql<boolean>`(s.score, items.id) > (${p.after.value}, ${p.after.id})`);
      return q
        .orderBy(sql`s.score`)
        .orderBy('items.id')
        .limit(p.query.limit + 1)
        .execute();
    },

    async sortedPage(p: SearchPageParts) {
      const q = p.afterKey(
        p.filtered(p.summary(p.db.selectFrom('items')), { match: p.match, sortColumn: p.key, withDates: true }),
      );
      return q
        .orderBy(sql.ref(`items.${p.key}`), p.dir)
        .orderBy('items.id', p.dir)
        .limit(p.query.limit + 1)
        .execute();
    },

    async matchingIds(match) {
      const rows = await sql<{
        id: number;
      }>`select rowid as id from items_fts where items_fts match ${ftsQuery(match)}`.execute(db);
      return rows.rows.map((r) => Number(r.id));
    },

    async vocabulary() {
      const rows = await sql<KnownWord>`select term as word, doc as docs from items_fts_vocab order by term`.execute(
        db,
      );
      return rows.rows.map((r) => ({ word: r.word, docs: Number(r.docs) }));
    },

    async correctionCandidates(_word, vocabulary) {
      return vocabulary;
    },
  };
}
