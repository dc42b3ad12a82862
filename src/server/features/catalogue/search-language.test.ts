import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../domain/catalogue';
import { allowedEdits, nearestWord, resolveSearch, singularOf } from './search-language';

const vocab = new SearchableMap<number>();
for (const [word, docs] of [
  ['back', 3],
  ['black', 40],
  ['blazer', 12],
  ['dress', 20],
  ['dresses', 9],
  ['valentino', 4],
  ['pants', 7],
  ['peach', 5],
] as const)
  vocab.set(word, docs);

describe('search language', () => {
  it('splits on anything but letters and digits, lower-cases, drops accents, keeps 6 words', () => {
    expect(searchTerms("  Chloé's  Self-Portrait, 42!")).toEqual(['chloe', 's', 'self', 'portrait', '42']);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
    expect(searchTerms('%%')).toEqual([]);
  });

  it('allows no typo below 4 letters, one from 4, two from 8', () => {
    expect([3, 4, 6, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 1, 2, 2]);
  });

  it('corrects to the nearest known word, the more used one on a tie, nothing when too far or too short', () => {
    expect(nearestWord('blak', vocab)).toBe('black');
    expect(nearestWord('balck', vocab)).toBe('black'); // a swap of neighbours is one typo; back is one too, but rarer
    expect(nearestWord('valentno', vocab)).toBe('valentino');
    expect(nearestWord('qqqqq', vocab)).toBeNull();
    expect(nearestWord('blk', vocab)).toBeNull();
  });

  it('reads a search as groups: as typed (a prefix), synonyms, singular, the nearest word for a typo', () => {
    const blak = resolveSearch('blak dres', vocab)!;
    expect(blak.corrected).toBe('black dres');
    expect(blak.groups[0]).toContainEqual(['black']);
    expect(blak.groups[1]).toEqual([['dres']]);
    expect(resolveSearch('trousers', vocab)!.groups[0]).toContainEqual(['pants']);
    expect(resolveSearch('gown', vocab)!.groups[0]).toContainEqual(['dress']);
    expect(resolveSearch('tee', vocab)!.groups[0]).toContainEqual(['t', 'shirt']);
    expect(singularOf('dresses')).toBe('dress');
    expect(singularOf('dress')).toBeNull();
    expect(resolveSearch('dresses', vocab)!.groups[0]).toContainEqual(['dress']);
    expect(resolveSearch('sneakers', vocab)!.groups[0]).toEqual(expect.arrayContaining([['sneakers'], ['trainers']]));
    // Occasion phrases find the catalogue's occasions, and a known word is never corrected.
    expect(resolveSearch('wedding guest', vocab)!.groups).toEqual([[['wedding']]]);
    expect(resolveSearch('black tie', vocab)!.groups).toEqual([[['evening']]]);
    const beach = resolveSearch('beach holiday', vocab)!;
    expect(beach.groups).toEqual([[['holiday']]]);
    expect(beach.corrected).toBeNull();
    expect(resolveSearch('office', vocab)!.groups[0]).toContainEqual(['work']);
    expect(resolveSearch('%%', vocab)!.groups).toEqual([]);
    expect(resolveSearch(undefined, vocab)).toBeNull();
  });
});
