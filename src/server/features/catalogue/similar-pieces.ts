import { TypedFastBitSet } from 'typedfastbitset';
import { OCCASIONS } from '../../../domain/catalogue';
import { OCCASION_BIT, type CatalogueIndex, type Entry } from './catalogue-index';
import { best } from './top-k';

/**
 * "You may also like" on an item page (docs/product.md "The item page", decision 0065), from the
 * in-process index: pieces for the same wearer in the same category or for one of the same
 * occasions; available ones (a unit free in the coming week) first, then by likeness, then id.
 * Never the piece itself.
 */

/** How alike two pieces are, by what they share. */
export const SIMILAR_WEIGHTS = {
  category: 4,
  /** Per shared occasion, at most two counted. */
  occasion: 2,
  brand: 1.5,
  colour: 1,
  /** 1 at the same price, down to 0 at twice or nothing. */
  price: 2,
} as const;

export const SIMILAR_LIMIT = 8;

/** How many occasions two pieces share (their occasion bits in common). */
export function sharedOccasions(a: Entry, b: Entry): number {
  let bits = a.occasions & b.occasions;
  let n = 0;
  for (; bits; bits &= bits - 1) n++;
  return n;
}

/** The likeness of `other` to `e` (higher is more alike). */
export function likeness(e: Entry, other: Entry, sharedOccasions: number): number {
  const w = SIMILAR_WEIGHTS;
  const near = e.price > 0 ? Math.max(0, 1 - Math.abs(other.price - e.price) / e.price) : other.price === 0 ? 1 : 0;
  return (
    (other.category === e.category ? w.category : 0) +
    Math.min(2, sharedOccasions) * w.occasion +
    (other.brand === e.brand ? w.brand : 0) +
    (other.colour === e.colour ? w.colour : 0) +
    near * w.price
  );
}

/**
 * The ids of the pieces most like `id`, best first. `noneFree`: the pieces with no unit free in
 * the coming week (they come after every available one); null when nothing is held.
 */
export function similarPieces(
  ix: CatalogueIndex,
  id: number,
  noneFree: TypedFastBitSet | null,
  limit = SIMILAR_LIMIT,
): number[] {
  const e = ix.entries.get(id);
  if (!e) return [];
  const candidates = new TypedFastBitSet();
  const sameCategory = ix.categories.get(e.category);
  if (sameCategory) candidates.union(sameCategory);
  for (const o of OCCASIONS) if (e.occasions & OCCASION_BIT.get(o)!) candidates.union(ix.tags.get(o)!);
  const wearer = ix.genders.get(e.gender);
  if (wearer) candidates.intersection(wearer);
  candidates.remove(id);
  const scored: { id: number; available: number; score: number }[] = [];
  candidates.forEach((other) => {
    const o = ix.entries.get(other);
    if (!o) return;
    scored.push({ id: other, available: noneFree?.has(other) ? 0 : 1, score: likeness(e, o, sharedOccasions(e, o)) });
  });
  // The best few only (top-k.ts): at 100k pieces a category holds thousands.
  return best(scored, limit, (a, b) => b.available - a.available || b.score - a.score || a.id - b.id).map((s) => s.id);
}
