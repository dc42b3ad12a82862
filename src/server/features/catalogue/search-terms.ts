/**
 * Typo correction for search words against the words the catalogue uses (decision 0019). Pure:
 * the vocabulary comes from the database (SQLite's fts5vocab, PostgreSQL's search_words found by
 * trigram similarity), the choice is made here the same way on both.
 */

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, "balck" ->
 * "black"), stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a word of this length may be away from a known word: none below 4 letters. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

/** A known word and how many items use it. */
export interface WordCount {
  word: string;
  docs: number;
}

/** True when some word of the vocabulary (sorted by code unit) starts with `prefix`. */
export function hasPrefix(sortedVocabulary: readonly WordCount[], prefix: string): boolean {
  let lo = 0;
  let hi = sortedVocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedVocabulary[mid]!.word < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < sortedVocabulary.length && sortedVocabulary[lo]!.word.startsWith(prefix);
}

/**
 * The known word nearest a word that matches nothing, or null: the fewest edits within
 * `allowedEdits`, then the word more items use ("balck" is one edit from both "black" and
 * "back"; the catalogue says black far more often), then A to Z.
 */
export function nearestWord(word: string, candidates: Iterable<WordCount>): string | null {
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  let best: { w: string; d: number; docs: number } | null = null;
  for (const { word: w, docs } of candidates) {
    if (w.length < 2 || /^\d+$/.test(w)) continue;
    const d = editDistance(word, w, max);
    if (d > max) continue;
    if (!best || d < best.d || (d === best.d && (docs > best.docs || (docs === best.docs && w < best.w))))
      best = { w, d, docs };
  }
  return best?.w ?? null;
}
