import { COLOURS, OCCASION_WORDS } from '../../../domain/assistant';
import { CATEGORIES, OCCASIONS, searchTerms } from '../../../domain/catalogue';
import language from './data/search-language.json';

/**
 * How search reads a customer's words (decision 0057): the fashion language of
 * data/search-language.json (synonyms, occasion phrases, plural endings, typo tolerance) and the
 * words the catalogue uses (a SearchableMap from MiniSearch: prefix and fuzzy lookups). Pure: the
 * text index gives it the vocabulary.
 */

/** The words the catalogue uses (the text index's vocabulary, MiniSearch's SearchableMap): how many items use a word, prefix and fuzzy lookups. */
export interface Vocabulary {
  atPrefix(prefix: string): { keys(): Iterable<string> };
  fuzzyGet(word: string, maxEditDistance: number): Map<string, [unknown, number]>;
  get(word: string): number | undefined;
  has(word: string): boolean;
}

/** A search as the index runs it: every group must match; a group matches when one of its alternatives does (each a word as a prefix, or words that must all match). */
export interface ResolvedSearch {
  groups: string[][][];
  /** The search as corrected ("black dres"), or null when no word was corrected. */
  corrected: string | null;
}

/** How many typos a word of this length may hold: none below 4 letters, one from 4, two from 8. */
export function allowedEdits(length: number): number {
  if (length < language.typoFrom.one) return 0;
  return length < language.typoFrom.two ? 1 : 2;
}

const SYNONYMS = new Map<string, string[][]>();
for (const set of language.synonyms) {
  const alternatives = set.map((w) => searchTerms(w));
  for (const w of set) {
    const key = searchTerms(w).join(' ');
    SYNONYMS.set(
      key,
      alternatives.filter((a) => a.join(' ') !== key),
    );
  }
}

/** Occasion phrases, longest first: their words and the occasions they find. */
const PHRASES = Object.entries(language.occasions as Record<string, string[]>)
  .map(([phrase, occasions]) => ({ words: searchTerms(phrase), occasions }))
  .sort((a, b) => b.words.length - a.words.length);

const ENDINGS = language.pluralEndings.map((e) => {
  const [plural, singular] = e.split('>') as [string, string];
  return { plural, singular };
});

/** The singular of a plural word ("dresses" -> "dress", "trousers" stays a word of its own too), or null. */
export function singularOf(word: string): string | null {
  if (word.length <= 3 || word.endsWith('ss')) return null;
  for (const { plural, singular } of ENDINGS)
    if (word.endsWith(plural) && word.length - plural.length >= 3) return word.slice(0, -plural.length) + singular;
  return null;
}

/**
 * Words never corrected (docs/product.md "Search and filters"): the occasions and the words
 * members use for them ("beach", "office", "gala"...), the categories, the colours and the
 * language file's own words. Typed as they are, they are searched as they are.
 */
const KNOWN_WORDS = new Set<string>(
  [
    ...OCCASIONS,
    ...Object.values(OCCASION_WORDS).flat(),
    ...CATEGORIES,
    ...COLOURS,
    ...language.synonyms.flat(),
    ...Object.keys(language.occasions),
  ].flatMap((w) => searchTerms(w)),
);

/** True when some word of the vocabulary starts with `prefix`. */
function hasPrefix(vocabulary: Vocabulary, prefix: string): boolean {
  for (const _ of vocabulary.atPrefix(prefix).keys()) return true;
  return false;
}

/**
 * The known word nearest a word that starts none, or null: the fewest typos within
 * `allowedEdits` (MiniSearch's fuzzy lookup; a swap of two neighbours, "balck", counts as one),
 * then the word more items use, then A to Z.
 */
export function nearestWord(word: string, vocabulary: Vocabulary): string | null {
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  const found = new Map<string, number>();
  for (const [w, [, d]] of vocabulary.fuzzyGet(word, max)) found.set(w, d);
  for (let i = 0; i + 1 < word.length; i++) {
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (swapped !== word && vocabulary.has(swapped)) found.set(swapped, Math.min(found.get(swapped) ?? 1, 1));
  }
  let best: { w: string; d: number; docs: number } | null = null;
  for (const [w, d] of found) {
    if (w.length < 2 || /^\d+$/.test(w)) continue;
    const docs = vocabulary.get(w) ?? 0;
    if (!best || d < best.d || (d === best.d && (docs > best.docs || (docs === best.docs && w < best.w))))
      best = { w, d, docs };
  }
  return best?.w ?? null;
}

/**
 * A search's words as groups: occasion phrases become their occasions, each other word matches
 * as typed (a prefix), its synonyms, its singular and, when it starts no known word, the known
 * word nearest it. Null for no search; no groups for a search with no words.
 */
export function resolveSearch(text: string | undefined, vocabulary: Vocabulary): ResolvedSearch | null {
  if (text === undefined) return null;
  const terms = searchTerms(text);
  const groups: string[][][] = [];
  const shown: string[] = [];
  let changed = false;
  for (let i = 0; i < terms.length;) {
    const phrase = PHRASES.find((p) => p.words.every((w, k) => terms[i + k] === w));
    if (phrase) {
      const alternatives = [...new Set([...phrase.words, ...phrase.occasions])].map((w) => [w]);
      groups.push(phrase.words.length > 1 ? phrase.occasions.map((o) => [o]) : alternatives);
      shown.push(...phrase.words);
      i += phrase.words.length;
      continue;
    }
    const term = terms[i++]!;
    const alternatives: string[][] = [[term], ...(SYNONYMS.get(term) ?? [])];
    const singular = singularOf(term);
    // The singular when the catalogue or the language knows it as a word ("dresses" -> "dress"; not "dres" -> "dre").
    if (singular && (vocabulary.has(singular) || SYNONYMS.has(singular)))
      alternatives.push([singular], ...(SYNONYMS.get(singular) ?? []));
    const known = KNOWN_WORDS.has(term) || alternatives.some((a) => a.length === 1 && hasPrefix(vocabulary, a[0]!));
    const near = known ? null : nearestWord(term, vocabulary);
    if (near) alternatives.push([near], ...(SYNONYMS.get(near) ?? []));
    groups.push(alternatives);
    shown.push(near ?? term);
    changed ||= near !== null;
  }
  return { groups, corrected: changed ? shown.join(' ') : null };
}
