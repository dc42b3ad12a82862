import type { TypedFastBitSet } from 'typedfastbitset';
import { SIZES } from '../../../domain/catalogue';
import type { CatalogueIndex, Entry } from './catalogue-index';

/**
 * The "Recommended" sort (docs/product.md "Search and filters", decision 0065): a blend of signals
 * the index already holds for every piece, plus the member's sizes and the units held on her
 * dates. Each signal is a number in [0, 1] and higher is better; the blend is their weighted sum,
 * so a piece whose signals are all at least another's, and one of them higher, ranks above it.
 * Ties go to the lower id: the order is the same on every request (and every process) for the
 * same catalogue, member and day, which the keyset cursor needs.
 */

export interface Signals {
  /** A unit in one of her sizes (free on her dates when she gave dates): 1, else 0 (0 for all when no sizes are known). */
  fit: number;
  /** Some unit free on her dates, or in the coming week without dates: 1, else 0. */
  available: number;
  /** Rentals, on a log scale against the most rented piece. */
  popularity: number;
  /** Review rating out of 5. */
  rating: number;
  /** Listed in the last NEW_DAYS: 1 on its first day, down to 0. */
  newness: number;
}

export const RECOMMENDED_WEIGHTS: Readonly<Signals> = {
  fit: 0.3,
  available: 0.15,
  popularity: 0.2,
  rating: 0.2,
  newness: 0.15,
};

/** How long a piece counts as new for the blend. */
export const NEW_DAYS = 60;
/** Without dates, "available" means a unit free from today for this many days. */
export const AVAILABLE_SOON_DAYS = 7;

const SIGNALS = Object.keys(RECOMMENDED_WEIGHTS) as (keyof Signals)[];

/** The blend: the weighted sum of the signals (0 to 1). */
export function blend(s: Signals): number {
  let score = 0;
  for (const k of SIGNALS) score += RECOMMENDED_WEIGHTS[k] * s[k];
  return score;
}

/** What a request knows besides the index: her sizes, today, and what is held on the dates asked (or the coming week). */
export interface RankingContext {
  /** Her sizes (her usual size, the sizes she rented): SIZES names. */
  sizes: readonly string[];
  today: string;
  /** Items with no unit free on the dates; per size (SIZES order), items with no unit of that size free. */
  held: { noneFree: TypedFastBitSet; fullOfSize: readonly TypedFastBitSet[] } | null;
}

const DAY_MS = 86_400_000;

function ageInDays(createdAt: string, today: string): number {
  const created = Date.parse(createdAt.slice(0, 10));
  const now = Date.parse(today);
  return Number.isFinite(created) && Number.isFinite(now) ? Math.max(0, (now - created) / DAY_MS) : Infinity;
}

/** One piece's signals. `maxRentals`: the most rentals of any piece in the index. */
export function signalsOf(e: Entry, ctx: RankingContext, maxRentals: number, sizeIndexes: readonly number[]): Signals {
  const held = ctx.held;
  let fit = 0;
  for (const k of sizeIndexes)
    if (e.units[k]! > 0 && !held?.fullOfSize[k]!.has(e.id)) {
      fit = 1;
      break;
    }
  return {
    fit,
    available: held?.noneFree.has(e.id) ? 0 : 1,
    popularity: maxRentals > 0 ? Math.log1p(Math.max(0, e.rentalCount)) / Math.log1p(maxRentals) : 0,
    rating: Math.min(1, Math.max(0, e.rating / 5)),
    newness: Math.max(0, 1 - ageInDays(e.createdAt, ctx.today) / NEW_DAYS),
  };
}

/**
 * The Recommended blend of a result set's pieces (id -> blend, higher is better): the shape of a
 * search's matches, so the list walks it as it walks relevance and the cursor carries minus the blend.
 */
export function recommendedRanks(ix: CatalogueIndex, set: TypedFastBitSet, ctx: RankingContext): Map<number, number> {
  const popular = ix.order('popular');
  const maxRentals = popular.length ? ix.entries.get(popular[0]!)!.rentalCount : 0;
  const sizeIndexes = ctx.sizes.map((s) => SIZES.indexOf(s as never)).filter((k) => k >= 0);
  const ranks = new Map<number, number>();
  set.forEach((id) => {
    const e = ix.entries.get(id);
    if (e) ranks.set(id, blend(signalsOf(e, ctx, maxRentals, sizeIndexes)));
  });
  return ranks;
}
