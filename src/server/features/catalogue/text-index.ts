import SearchableMap from 'minisearch/SearchableMap';
import { TypedFastBitSet } from 'typedfastbitset';
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
 * category and colour 6, brand 3, tags 2, description 1) times the word's rarity (log(1 + N/df)).
 */

const FIELDS = ['name', 'colour', 'category', 'brand', 'tags', 'description'] as const;
const WEIGHT = { name: 10, colour: 6, category: 6, brand: 3, tags: 2, description: 1 };
/** A posting list becomes a bitset past this many items. */
const DENSE = 512;

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower case, accents dropped, split on anything that is not a letter or digit (as `searchTerms`). */
export function wordsOf(text: string): string[] {
  // Plain ASCII (nearly every text) needs no accent folding: the cheap path, about half the load time.
  const folded = NON_ASCII.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text;
  return folded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** The items using one word. */
class Posting {
  ids: number[] | null = [];
  bits: TypedFastBitSet | null = null;
  size = 0;
  add(id: number): void {
    this.size++;
    if (this.bits) return this.bits.add(id);
    this.ids!.push(id);
    if (this.ids!.length > DENSE) {
      this.bits = new TypedFastBitSet(this.ids);
      this.ids = null;
    }
  }
  remove(id: number): void {
    this.size--;
    if (this.bits) return this.bits.remove(id);
    const k = this.ids!.indexOf(id);
    if (k >= 0) this.ids!.splice(k, 1);
  }
  addTo(out: TypedFastBitSet): void {
    if (this.bits) out.union(this.bits);
    else for (const id of this.ids!) out.add(id);
  }
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

/** An item's words and the weight of the best field each is in. */
interface DocWords {
  words: string[];
  weights: Uint8Array;
}

export function createTextIndex() {
  const vocabulary = new SearchableMap<Posting>();
  const docs = new Map<number, DocWords>();
  /** Word -> items using it, for typo correction's tie-break (the vocabulary's sizes). */
  const counts = {
    get: (w: string) => vocabulary.get(w)?.size,
    has: (w: string) => (vocabulary.get(w)?.size ?? 0) > 0,
  };

  /** The items of every word starting with `prefix`. */
  function prefixSet(prefix: string): TypedFastBitSet {
    const out = new TypedFastBitSet();
    for (const posting of vocabulary.atPrefix(prefix).values()) posting.addTo(out);
    return out;
  }

  function groupSet(alternatives: string[][]): TypedFastBitSet {
    const out = new TypedFastBitSet();
    for (const words of alternatives) {
      const all = prefixSet(words[0]!);
      for (const w of words.slice(1)) all.intersection(prefixSet(w));
      out.union(all);
    }
    return out;
  }

  return {
    add(row: ItemText): void {
      const best = new Map<string, number>();
      for (const field of FIELDS) {
        const text = field === 'tags' ? (row.tags ?? '').replaceAll(',', ' ') : row[field];
        for (const w of wordsOf(text)) if ((best.get(w) ?? 0) < WEIGHT[field]) best.set(w, WEIGHT[field]);
      }
      const words = [...best.keys()];
      docs.set(row.id, { words, weights: Uint8Array.from(best.values()) });
      for (const w of words) {
        let posting = vocabulary.get(w);
        if (!posting) vocabulary.set(w, (posting = new Posting()));
        posting.add(row.id);
      }
    },

    remove(id: number): void {
      const doc = docs.get(id);
      if (!doc) return;
      docs.delete(id);
      for (const w of doc.words) vocabulary.get(w)?.remove(id);
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

    /** The rank of each item of `set` (matching items: `matchSet`, perhaps filtered) for a resolved search (higher is better). */
    ranks(resolved: ResolvedSearch, set: TypedFastBitSet): Map<number, number> {
      const out = new Map<number, number>();
      // Each group's words as the index knows them (a prefix's words), with their rarity.
      const n = Math.max(docs.size, 1);
      const groupWords = resolved.groups.map((g) => {
        const words = new Map<string, number>();
        for (const alt of g)
          for (const w of alt)
            for (const [word, posting] of vocabulary.atPrefix(w))
              if (posting.size > 0) words.set(word, Math.log(1 + n / posting.size));
        return words;
      });
      set.forEach((id) => {
        const doc = docs.get(id);
        if (!doc) return;
        let score = 0;
        for (const words of groupWords) {
          let best = 0;
          for (let k = 0; k < doc.words.length; k++) {
            const rarity = words.get(doc.words[k]!);
            if (rarity !== undefined) best = Math.max(best, doc.weights[k]! * rarity);
          }
          score += best;
        }
        out.set(id, score);
      });
      return out;
    },
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
