import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { ItemListQuery } from '../../../domain/catalogue';
import type { DB } from '../../db/schema';

/**
 * The catalogue's text search, one adapter per database engine (decision 0019): SQLite's FTS5
 * (text-search.sqlite.ts) and PostgreSQL's tsvector with pg_trgm (text-search.postgres.ts). The
 * repository and the service call this interface and never ask which database they are on.
 */

/**
 * A search after typo correction: every group must match; a group matches when one of its words
 * starts a word of the item's text (the word as typed, and the known word nearest it if the
 * typed one starts no known word).
 */
export interface SearchMatch {
  groups: string[][];
}

/** A word of the search index and how many items use it. */
export interface KnownWord {
  word: string;
  docs: number;
}

/** What the repository gives an adapter to list one page of a search's matches. */
export interface SearchPageParts {
  db: Kysely<DB>;
  query: ItemListQuery;
  /** Where the previous page ended: its last sort key and id. */
  after: { value: number | string; id: number } | null;
  /** A search with at least one group. */
  match: SearchMatch;
  /** The sort key column (a relevance sort lists by the search's rank instead). */
  key: string;
  dir: 'asc' | 'desc';
  /** Selects the columns of a list row. */
  summary<O>(qb: SelectQueryBuilder<DB, 'items', O>): SelectQueryBuilder<DB, 'items', object>;
  /** Keeps the rows after `after` in the order of `key` (then id), `dir`. */
  afterKey<O>(qb: SelectQueryBuilder<DB, 'items', O>): SelectQueryBuilder<DB, 'items', O>;
  /** The list's filters; `match` null when the query already keeps only matches; dates left out with `withDates` false. */
  filtered<O>(
    qb: SelectQueryBuilder<DB, 'items', O>,
    opts: { match: SearchMatch | null; sortColumn?: string; withDates: boolean },
  ): SelectQueryBuilder<DB, 'items', O>;
  /** Keeps the items with a unit free on the list's dates (and size). */
  withFreeUnit<O>(qb: SelectQueryBuilder<DB, 'items', O>): SelectQueryBuilder<DB, 'items', O>;
}

export interface TextSearch {
  /** A condition on `items`: the item matches the search. */
  matches(match: SearchMatch): RawBuilder<boolean>;
  /** One page (`limit + 1` rows) of a search in relevance order; rows carry `score` (lower is better). */
  rankedPage(parts: SearchPageParts): Promise<unknown[]>;
  /** One page (`limit + 1` rows) of a search in the order of `key`. */
  sortedPage(parts: SearchPageParts): Promise<unknown[]>;
  /** Ids of the active items matching a search (any order). */
  matchingIds(match: SearchMatch): Promise<number[]>;
  /** Every word of the index and how many items use it, A to Z. */
  vocabulary(): Promise<KnownWord[]>;
  /** The known words a mistyped word may stand for (the caller picks by edit distance). */
  correctionCandidates(word: string, vocabulary: KnownWord[]): Promise<KnownWord[]>;
}
