import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../domain/catalogue';
import { allowedEdits, editDistance, hasPrefix, nearestWord } from './search-terms';

const vocab = [
  { word: 'back', docs: 3 },
  { word: 'black', docs: 40 },
  { word: 'blazer', docs: 12 },
  { word: 'dress', docs: 20 },
  { word: 'dresses', docs: 9 },
  { word: 'valentino', docs: 4 },
].sort((a, b) => (a.word < b.word ? -1 : 1));

describe('search terms', () => {
  it('splits on anything but letters and digits, lower-cases, drops accents, keeps 6 words', () => {
    expect(searchTerms("  Chloé's  Self-Portrait, 42!")).toEqual(['chloe', 's', 'self', 'portrait', '42']);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
    expect(searchTerms('%%')).toEqual([]);
  });

  it('counts inserts, deletes, replacements and a swap of neighbours as one edit each', () => {
    expect(editDistance('blak', 'black', 2)).toBe(1);
    expect(editDistance('balck', 'black', 2)).toBe(1);
    expect(editDistance('dres', 'dress', 2)).toBe(1);
    expect(editDistance('valentno', 'valentino', 2)).toBe(1);
    expect(editDistance('coat', 'boat', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 2)).toBe(3); // stops past the bound
    expect(editDistance('same', 'same', 0)).toBe(0);
  });

  it('allows no edit below 4 letters, one to 6, two from 7', () => {
    expect([3, 4, 6, 7, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('finds whether a known word starts with a prefix', () => {
    expect(hasPrefix(vocab, 'dres')).toBe(true);
    expect(hasPrefix(vocab, 'blak')).toBe(false);
    expect(hasPrefix(vocab, 'valentino')).toBe(true);
    expect(hasPrefix(vocab, 'z')).toBe(false);
    expect(hasPrefix([], 'a')).toBe(false);
  });

  it('corrects to the nearest known word, the more used one on a tie, nothing when too far or too short', () => {
    expect(nearestWord('blak', vocab)).toBe('black');
    expect(nearestWord('balck', vocab)).toBe('black'); // back is one edit too, but rarer
    expect(nearestWord('valentno', vocab)).toBe('valentino');
    expect(nearestWord('qqqqq', vocab)).toBeNull();
    expect(nearestWord('blk', vocab)).toBeNull();
  });
});
