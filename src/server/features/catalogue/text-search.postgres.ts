import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { KnownWord, SearchMatch, SearchPageParts, TextSearch } from './text-search';

/** PostgreSQL's tsquery text: `word:*` for a prefix, alternatives joined by |, groups by &. */
function tsQuery(match: SearchMatch): string {
  const word = (w: string) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`;
  return match.groups.map((g) => `(${g.map(word).join(' | ')})`).join(' & ');
}

type Q = SelectQueryBuilder<DB, 'items', object>;

/**
 * A search's page: the matches first (GIN index) with every filter but dates, sorted, then the
 * free-unit check in that order until the page is full. The OFFSET 0 fences keep the planner
 * from walking a sort's index and testing every item against the search, which it does when it
 * misjudges how few items match (a rare or mistyped word: 90 ms at 100k items), and from checking
 * the units of every match before sorting (40 ms for "red" with dates, against a page's worth this way).
 */
function fencedPage(p: SearchPageParts, q: Q, order: [string, 'asc' | 'desc'][]) {
  const sortBy = (qb: Q) => order.reduce((acc, [k, d]) => acc.orderBy(sql.ref(`items.${k}`), d), qb);
  const sorted = sortBy(p.db.selectFrom(q.offset(0).as('items')).selectAll() as unknown as Q).offset(0);
  return sortBy(p.withFreeUnit(p.db.selectFrom(sorted.as('items')).selectAll() as unknown as Q))
    .limit(p.query.limit + 1)
    .execute();
}

/**
 * The text search on PostgreSQL (decision 0019): the generated `items.search_vector` (GIN index),
 * ranked by ts_rank, and the `search_words` table of known words; a mistyped word is compared
 * with the words pg_trgm finds most similar.
 */
export function createPostgresTextSearch(db: Kysely<DB>): TextSearch {
  return {
    matches(match) {
      return sql<boolean>`items.search_vector @@ to_tsquery('simple', ${tsQuery(match)})`;
    },

    async rankedPage(p: SearchPageParts) {
      const score = sql<number>`(-ts_rank(items.search_vector, to_tsquery('simple', ${tsQuery(p.match)})))::float8`;
      let q = p.filtered(p.summary(p.db.selectFrom('items')).select(score.as('score')), {
        match: p.match,
        withDates: false,
      });
      if (p.after) q = q.where(sql<boolean>`(${score}, items.id) > (${p.after.value}::float8, ${p.after.id})`);
      return fencedPage(p, q, [
        ['score', 'asc'],
        ['id', 'asc'],
      ]);
    },

    async sortedPage(p: SearchPageParts) {
      const q = p.afterKey(
        p.filtered(p.summary(p.db.selectFrom('items')), { match: p.match, sortColumn: p.key, withDates: false }),
      );
      return fencedPage(p, q, [
        [p.key, p.dir],
        ['id', p.dir],
      ]);
    },

    async matchingIds(match) {
      const rows = await sql<{
        id: number;
      }>`select id from items where search_vector @@ to_tsquery('simple', ${tsQuery(match)}) and status = 'active'`.execute(
        db,
      );
      return rows.rows.map((r) => Number(r.id));
    },

    async vocabulary() {
      const rows = await sql<KnownWord>`select word, ndoc as docs from search_words order by word collate "C"`.execute(
        db,
      );
      return rows.rows.map((r) => ({ word: r.word, docs: Number(r.docs) }));
    },

    /**
     * The known words most like `word` by trigram similarity (pg_trgm), best first. A swap of two
     * letters leaves few trigrams in common ("balck"/"black": 0.2), so the bar is low and the list long.
     */
    async correctionCandidates(word) {
      const limit = 50;
      const rows =
        await sql<KnownWord>`select word, ndoc as docs from search_words where similarity(word, ${word}) > 0.1 order by similarity(word, ${word}) desc, word limit ${limit}`.execute(
          db,
        );
      return rows.rows.map((r) => ({ word: r.word, docs: Number(r.docs) }));
    },
  };
}
