import SearchableMap from 'minisearch/SearchableMap';
import { TypedFastBitSet } from 'typedfastbitset';
import { fit } from './bitsets';
import { DocCodes, Posting } from './text-postings';
import { resolveSearch, type ResolvedSearch } from './search-language';

/**
 * The words of the active items (decision 0057): name, brand, category, colour, description and
 * the occasion tags. The vocabulary is MiniSearch's radix tree (SearchableMap: prefix and fuzzy
 * lookups); each word's items are a posting list, a short array while few items use it and a
 * bitset once many do, so a search is unions (a prefix, a group's alternatives) and intersections
 * (every group) of sets. MiniSearch's own index was measured first and was too slow at 100k items
 * (8 s to add them, 90-130 ms for "black dress"): its scoring walks every posting of every word.
 *
 * Ranking: each group adds the weight of the best field holding one of its words (name 10,
 * category and colour 6, brand 3, tags 2, description 1) times the group's rarity (`groupRarity`),
 * a little less for a word that is not the one typed (OTHER_WORDS).
 *
 * Memory (issue 27): an item's words are not kept as strings. Each word of the vocabulary has a
 * number (its posting's), and an item's words are codes (word number x 16 + the weight) in one
 * shared Int32Array, the item's run found by its id: about 4 bytes a word instead of a string, an
 * array slot and a typed array per item (about 100 MB less at 100k items).
 */

/**
 * How much a word of a group's other alternatives (a synonym, the singular, the word a typo was read
 * as) counts against the word as typed: "dress" lists the dresses before the gowns.
 */
const OTHER_WORDS = 0.9;

/**
 * A group's rarity: its words (every alternative's, each as a prefix) count as one term, as rare as
 * the commonest of them (log(1 + N/df)), as a synonym query does in Lucene. Weighed word by word,
 * a rare synonym outranked the word searched for ("dress" listed the gowns first) and set the best
 * rank a first page waits for so high that the walk for it read every dress.
 */
function groupRarity(n: number, postings: readonly (readonly { size: number }[])[]): number {
  let commonest = 0;
  for (const words of postings) for (const p of words) if (p.size > commonest) commonest = p.size;
  return commonest === 0 ? 0 : Math.log(1 + n / commonest);
}

/** By weight, highest first: an item's words are then coded highest weight first (`add`), which ranking relies on. */
const FIELDS = ['name', 'colour', 'category', 'brand', 'tags', 'description'] as const;
const WEIGHT = { name: 10, colour: 6, category: 6, brand: 3, tags: 2, description: 1 };
if (FIELDS.some((f, i) => i > 0 && WEIGHT[f] > WEIGHT[FIELDS[i - 1]!]))
  throw new Error('text-index: FIELDS must come by weight, highest first');
/** A code is a word's number times this plus its weight (every weight is below it). */
const WEIGHT_BITS = 4;
const WEIGHT_MASK = (1 << WEIGHT_BITS) - 1;

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

/** A word of a plain ASCII text once lower-cased: where `\p{L}\p{N}` are exactly these. */
const ASCII_WORD = /[a-z0-9]+/g;

/** Lower case, accents dropped, split on anything that is not a letter or digit (as `searchTerms`). */
export function wordsOf(text: string): string[] {
  // Plain ASCII (nearly every text) needs neither accent folding nor Unicode classes: the cheap path.
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** `into` with `from` copied to its start. */
function grown<T extends Int32Array | Float64Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

/** A search's ranks (`ranks`): the first `n` ids, ascending, and the rank of each (higher is better). */
export interface Ranked {
  ids: Int32Array;
  ranks: Float64Array;
  n: number;
}

/** The text of an item the index reads (a row of `items`). */
export interface ItemText {
  id: number;
  name: string;
  brand: string;
  category: string;
  colour: string;
  description: string;
  tags: string | null;
}

export function createTextIndex() {
  const vocabulary = new SearchableMap<Posting>();
  /** The same postings by word, for exact lookups (the radix tree's are several times slower). */
  const byWord = new Map<string, Posting>();
  /** The postings by word number. */
  const postings: Posting[] = [];
  const docs = new DocCodes();
  /** Which add a posting last took an item in (`Posting.seen`): an item's word is taken once, at its first field. */
  let adds = 0;
  const codes: number[] = [];
  /** Word -> items using it, for typo correction's tie-break (the vocabulary's sizes). */
  const counts = {
    get: (w: string) => byWord.get(w)?.size,
    has: (w: string) => (byWord.get(w)?.size ?? 0) > 0,
  };

  /**
   * One table per group of a search, reused: the rarity of each of the group's words by word
   * number, 0 for every other word (set by `ranks`, cleared after it).
   */
  const scratch: { rarity: Float64Array; words: number[] }[] = [];
  /** The buffers `ranks` writes its walk into, kept from one call to the next (it copies out what it found). */
  const walked = { ids: new Int32Array(1024), ranks: new Float64Array(1024) };

  function rarityTable(group: number): { rarity: Float64Array; words: number[] } {
    let t = scratch[group];
    if (!t || t.rarity.length < postings.length)
      scratch[group] = t = { rarity: new Float64Array(Math.max(1024, postings.length * 2)), words: [] };
    return t;
  }
  function clearTable(group: number): void {
    const t = scratch[group];
    if (!t) return;
    for (const w of t.words) t.rarity[w] = 0;
    t.words.length = 0;
  }

  /**
   * The union of `mine` (a set of the caller's own) and `other` (the caller's own too when
   * `owned`), in the one with more words: a union into a set with fewer words grows it by
   * doubling, and the set is copied again to fit.
   */
  function joined(mine: TypedFastBitSet, other: TypedFastBitSet, owned = false): TypedFastBitSet {
    if (mine.words.length >= other.words.length) return mine.union(other);
    return (owned ? other : other.clone()).union(mine);
  }

  /**
   * The items of every word starting with `prefix`, in a set of its own: the first bitset posting
   * copied (one allocation of its size), the other bitsets joined into it and the short lists'
   * ids added (a set grown from empty doubles its words as it goes, and is copied again to fit).
   */
  function prefixSet(prefix: string): TypedFastBitSet {
    let out: TypedFastBitSet | null = null;
    const short: number[][] = [];
    for (const posting of vocabulary.atPrefix(prefix).values())
      if (posting.bits) out = out ? joined(out, posting.bits) : posting.bits.clone();
      else if (posting.ids!.length > 0) short.push(posting.ids!);
    out ??= new TypedFastBitSet();
    for (const ids of short) for (const id of ids) out.add(id);
    return fit(out);
  }

  /** The items of any of a group's alternatives (each: every one of its words), in a set of its own. */
  function groupSet(alternatives: string[][]): TypedFastBitSet {
    let out: TypedFastBitSet | null = null;
    for (const words of alternatives) {
      const all = prefixSet(words[0]!);
      for (const w of words.slice(1)) all.intersection(prefixSet(w));
      out = out ? joined(out, all, true) : all;
    }
    return fit(out ?? new TypedFastBitSet());
  }

  return {
    add(row: ItemText): void {
      const stamp = ++adds;
      codes.length = 0;
      // A word is taken at its first field, the heaviest holding it (FIELDS come by weight), so the
      // codes come by weight, highest first.
      for (const field of FIELDS) {
        // The tags are a comma-separated list: a comma separates words as a space does.
        const text = field === 'tags' ? (row.tags ?? '') : row[field];
        const weight = WEIGHT[field];
        for (const w of wordsOf(text)) {
          let posting = byWord.get(w);
          if (!posting) {
            posting = new Posting(postings.length);
            postings.push(posting);
            vocabulary.set(w, posting);
            byWord.set(w, posting);
          } else if (posting.seen === stamp) continue;
          posting.seen = stamp;
          posting.add(row.id, weight);
          codes.push((posting.word << WEIGHT_BITS) | weight);
        }
      }
      docs.set(row.id, codes);
    },

    /** Gives back the room the codes grew into (after adding many items). */
    trim(): void {
      docs.trim();
    },

    /** Fits the postings' sets to their items (`fit`: a read for each one already fitted). */
    fit(): void {
      for (const posting of postings) if (posting.bits) fit(posting.bits);
    },

    remove(id: number): void {
      if (!docs.has(id)) return;
      const start = docs.start[id]!;
      const end = start + docs.length[id]!;
      for (let k = start; k < end; k++) postings[docs.codes[k]! >>> WEIGHT_BITS]!.remove(id);
      docs.delete(id);
    },

    /** The groups of a search after the fashion language and typo correction (null: no search). */
    resolve(text: string | undefined): ResolvedSearch | null {
      return resolveSearch(text, {
        atPrefix: (p) => vocabulary.atPrefix(p),
        fuzzyGet: (w, d) => vocabulary.fuzzyGet(w, d),
        ...counts,
      });
    },

    /** The active items matching a resolved search (every group), as a set: what filters and counts need. */
    matchSet(resolved: ResolvedSearch): TypedFastBitSet {
      let set: TypedFastBitSet | null = null;
      for (const g of resolved.groups) {
        const s = groupSet(g);
        set = set ? set.intersection(s) : s;
      }
      return set ?? new TypedFastBitSet();
    },

    /**
     * The rank of each item of `set` (matching items: `matchSet`, perhaps filtered) for a resolved
     * search, higher is better: the items ascending by id and their ranks, in two typed arrays
     * (a Map of tens of thousands of matches cost more than ranking them).
     *
     * With `best`, only as many as the `best` first by (rank, then id) need: the items are ranked
     * in id order and the walk stops once `best` of them have the highest rank any item of `set`
     * can have (each group's best word, at the highest weight it has been held with). No item
     * after them can rank above them, nor tie them with a lower id. The set's ids are read out of
     * its words as the walk goes: a first page of a search at 100k items usually stops within its
     * first dozen matches, and reading all of them first (a pass over every word) cost more.
     */
    ranks(resolved: ResolvedSearch, set: TypedFastBitSet, best?: number): Ranked {
      // Each group's words as the index knows them (a prefix's words), their rarity by word number
      // in a table (an array read per code, not a map lookup: thousands of matches times their words).
      const n = Math.max(docs.count, 1);
      // Written into the walk's buffers (grown as it goes), copied out at the end.
      let { ids, ranks } = walked;
      let count = 0;
      try {
        // Per group, the highest rarity of its words: past it, a code's weight says whether it can do better.
        const highest: number[] = [];
        // The highest rank an item of `set` can reach: per group, its best word among those `set` holds.
        let ceiling = 0;
        const tables = resolved.groups.map((g, i) => {
          const table = rarityTable(i);
          const postings = g.map((alt) =>
            alt.flatMap((w) => [...vocabulary.atPrefix(w).values()].filter((p) => p.size > 0)),
          );
          const rarity = groupRarity(n, postings);
          let reach = 0;
          postings.forEach((words, a) => {
            const value = a === 0 ? rarity : rarity * OTHER_WORDS;
            for (const posting of words) {
              // A word of two alternatives counts at the higher.
              if (table.rarity[posting.word]! < value) {
                if (table.rarity[posting.word] === 0) table.words.push(posting.word);
                table.rarity[posting.word] = value;
              }
              if (best !== undefined && posting.top * value > reach && posting.meets(set)) reach = posting.top * value;
            }
          });
          highest.push(rarity);
          ceiling += reach;
          return table.rarity;
        });
        const { codes: all, start, length } = docs;
        /** The rank of the item whose codes are all[from..to): per group, its best word's weight times rarity. */
        const scoreOf = (from: number, to: number) => {
          let score = 0;
          for (let g = 0; g < tables.length; g++) {
            const rarityOf = tables[g]!;
            const most = highest[g]!;
            let top = 0;
            for (let c = from; c < to; c++) {
              const code = all[c]!;
              const weight = code & WEIGHT_MASK;
              // An item's codes come by weight, highest first (`add`): none after this can do better.
              if (weight * most <= top) break;
              // A rarity is above 0 for the group's words and 0 for the others.
              const s = weight * rarityOf[code >>> WEIGHT_BITS]!;
              if (s > top) top = s;
            }
            score += top;
          }
          return score;
        };
        const words = set.words;
        let atCeiling = 0;
        walk: for (let k = 0; k < words.length; k++) {
          for (let bits = words[k]! | 0; bits !== 0;) {
            const low = bits & -bits;
            bits ^= low;
            const id = (k << 5) + 31 - Math.clz32(low);
            if (!docs.has(id)) continue;
            const score = scoreOf(start[id]!, start[id]! + length[id]!);
            if (count === ids.length) {
              walked.ids = ids = grown(ids, new Int32Array(2 * count));
              walked.ranks = ranks = grown(ranks, new Float64Array(2 * count));
            }
            ids[count] = id;
            ranks[count++] = score;
            // Summed as `ceiling` was, group by group, from the same products: equal when every group is at its best.
            if (best !== undefined && score >= ceiling && ++atCeiling >= best) break walk;
          }
        }
      } finally {
        for (let i = 0; i < resolved.groups.length; i++) clearTable(i);
      }
      return { ids: ids.slice(0, count), ranks: ranks.slice(0, count), n: count };
    },
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
