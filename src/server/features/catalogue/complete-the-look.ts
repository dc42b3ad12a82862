import { TypedFastBitSet } from 'typedfastbitset';
import { OCCASIONS } from '../../../domain/catalogue';
import { OCCASION_BIT, type CatalogueIndex, type Entry } from './catalogue-index';
import outfits from './data/outfits.json';
import { sharedOccasions } from './similar-pieces';
import { best } from './top-k';

/**
 * "Complete the look" on an item page (docs/product.md "The item page", decision 0071), from the
 * in-process index: pieces for the same wearer from the categories that complete this one
 * (data/outfits.json: a top takes trousers, skirts, a jacket, shoes, a bag...), for one of its
 * occasions (when it has any) and in a colour that goes with its own (one family, or a neutral).
 * Available ones (a unit free in the coming week) first; within them one piece per category
 * before a second of any, each category's best by shared occasions, same colour, price and
 * rating. Never the piece itself.
 */

export const COMPLETE_LOOK_LIMIT = 4;

const COMPLEMENTS: Readonly<Record<string, readonly string[]>> = outfits.complements;
const NEUTRALS = new Set<string>(outfits.neutrals);
const FAMILY = new Map<string, string>(
  Object.entries(outfits.colourFamilies).flatMap(([family, colours]) => colours.map((c) => [c, family] as const)),
);

/** The categories that complete a category's piece (none: nothing is offered). */
export function complementsOf(category: string): readonly string[] {
  return COMPLEMENTS[category] ?? [];
}

/** True when two colours go together: the same, either a neutral, or one family. */
export function coloursGo(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || NEUTRALS.has(x) || NEUTRALS.has(y)) return true;
  const fx = FAMILY.get(x);
  return fx !== undefined && fx === FAMILY.get(y);
}

/** How well `other` completes `e` (higher is better). */
export function lookScore(e: Entry, other: Entry): number {
  const near = e.price > 0 ? Math.max(0, 1 - Math.abs(other.price - e.price) / e.price) : 0;
  return (
    2 * Math.min(2, sharedOccasions(e, other)) +
    (other.colour.toLowerCase() === e.colour.toLowerCase() ? 1 : 0) +
    near +
    Math.min(1, Math.max(0, other.rating / 5)) / 2
  );
}

interface Scored {
  id: number;
  score: number;
}

const byScore = (a: Scored, b: Scored) => b.score - a.score || a.id - b.id;

/**
 * The ids of the pieces that complete `id`, in the order shown. `noneFree`: the pieces with no
 * unit free in the coming week (they come after every available one); null when nothing is held.
 */
export function completeTheLook(
  ix: CatalogueIndex,
  id: number,
  noneFree: TypedFastBitSet | null,
  limit = COMPLETE_LOOK_LIMIT,
): number[] {
  const e = ix.entries.get(id);
  if (!e) return [];
  const categories = complementsOf(e.category);
  const candidates = new TypedFastBitSet();
  for (const c of categories) {
    const set = ix.categories.get(c);
    if (set) candidates.union(set);
  }
  candidates.intersection(ix.genders.get(e.gender) ?? new TypedFastBitSet());
  if (e.occasions) {
    const shared = new TypedFastBitSet();
    for (const o of OCCASIONS) if (e.occasions & OCCASION_BIT.get(o)!) shared.union(ix.tags.get(o)!);
    candidates.intersection(shared);
  }
  candidates.remove(id);
  // Per availability (free first) and category: that category's best `limit`, best first.
  const buckets = [new Map<string, Scored[]>(), new Map<string, Scored[]>()];
  candidates.forEach((other) => {
    const o = ix.entries.get(other);
    if (!o || !coloursGo(e.colour, o.colour)) return;
    const bucket = buckets[noneFree?.has(other) ? 1 : 0]!;
    let list = bucket.get(o.category);
    if (!list) bucket.set(o.category, (list = []));
    list.push({ id: other, score: lookScore(e, o) });
  });
  const out: number[] = [];
  for (const bucket of buckets) {
    const ranked = categories.map((c) => best(bucket.get(c) ?? [], limit, byScore));
    // Round by round: each category's best, then each one's second...
    for (let round = 0; round < limit && out.length < limit; round++) {
      const row = ranked.flatMap((list) => list[round] ?? []).sort(byScore);
      for (const s of row) if (out.length < limit) out.push(s.id);
    }
  }
  return out;
}
