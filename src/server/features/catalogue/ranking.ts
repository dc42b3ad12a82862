import type { TypedFastBitSet } from 'typedfastbitset';
import { OCCASIONS, SIZES } from '../../../domain/catalogue';
import { dayNumber, type CatalogueIndex, type Entry } from './catalogue-index';

/**
 * The "Recommended" sort (docs/product.md "Search and filters", decisions 0065 and 0071): a blend
 * of signals the index holds for every piece (its rentals in the last RECENT_DAYS, favourites,
 * rating, listing date), her sizes, what she liked, and the units held on her dates. Each signal
 * is a number in [0, 1] and higher is better; the blend is their weighted sum, so a piece whose
 * signals are all at least another's, and one of them higher, ranks above it. Ties go to the
 * lower id: the order is the same on every request (and every process) for the same catalogue,
 * member and day, which the keyset cursor needs.
 */

export interface Signals {
  /** A unit in one of her sizes (free on her dates when she gave dates): 1, else 0 (0 for all when no sizes are known). */
  fit: number;
  /** Some unit free on her dates, or in the coming week without dates: 1, else 0. */
  available: number;
  /** How close it is to what she liked (her favourites' categories, designers, colours, occasions); 0 without favourites. */
  close: number;
  /** Its rentals in the last RECENT_DAYS, on a log scale against the most rented piece of the list. */
  rented: number;
  /** Members who have it in their favourites, on a log scale against the most liked piece of the list. */
  loved: number;
  /** Review rating out of 5. */
  rating: number;
  /** Listed in the last NEW_DAYS: 1 on its first day, down to 0. */
  newness: number;
}

export const RECOMMENDED_WEIGHTS: Readonly<Signals> = {
  fit: 0.25,
  available: 0.15,
  close: 0.15,
  rented: 0.15,
  loved: 0.1,
  rating: 0.1,
  newness: 0.1,
};

/** What "close to what she liked" weighs (summing to 1): each is her favourites' share of the piece's value against their commonest. */
export const CLOSE_WEIGHTS = { category: 0.4, brand: 0.2, colour: 0.2, occasion: 0.2 } as const;

/** How long a piece counts as new for the blend. */
export const NEW_DAYS = 60;
/** The rentals that count as recent: made in this many days up to today. */
export const RECENT_DAYS = 90;
/** Without dates, "available" means a unit free from today for this many days. */
export const AVAILABLE_SOON_DAYS = 7;
/** How many of her latest favourites tell what she likes. */
export const LIKED_LIMIT = 50;

const SIGNALS = Object.keys(RECOMMENDED_WEIGHTS) as (keyof Signals)[];

/** The blend: the weighted sum of the signals (0 to 1). */
export function blend(s: Signals): number {
  let score = 0;
  for (const k of SIGNALS) score += RECOMMENDED_WEIGHTS[k] * s[k];
  return score;
}

/** What a request knows besides the index: her sizes, her favourites, today, and what is held on the dates asked (or the coming week). */
export interface RankingContext {
  /** Her sizes (her usual size, the sizes she rented): SIZES names. */
  sizes: readonly string[];
  /** Her favourites' ids (her latest LIKED_LIMIT); none when signed out. */
  liked?: readonly number[];
  today: string;
  /** Items with no unit free on the dates; per size (SIZES order), items with no unit of that size free. */
  held: { noneFree: TypedFastBitSet; fullOfSize: readonly TypedFastBitSet[] } | null;
}

/** Her taste from her favourites: per value, its count over the commonest value's (0 to 1). */
interface Taste {
  category: Map<string, number>;
  brand: Map<string, number>;
  colour: Map<string, number>;
  occasion: Float64Array;
}

/** A request's ranking, worked out once: the list's maxima, her sizes as indexes, her taste, the days. */
export interface PreparedRanking {
  held: RankingContext['held'];
  sizeIndexes: number[];
  taste: Taste | null;
  /** The first day whose rentals count as recent. */
  recentFrom: number;
  today: number;
  maxRented: number;
  maxLikes: number;
}

/** Its rentals made on or after `from` (a day number). */
export function rentedSince(e: Entry, from: number): number {
  let n = 0;
  for (const d of e.rentedOn) if (d >= from) n++;
  return n;
}

function shares(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const max = Math.max(0, ...counts.values());
  for (const [v, n] of counts) counts.set(v, n / max);
  return counts;
}

/** Her taste from her favourites still in the index (null: none). */
export function tasteOf(ix: CatalogueIndex, liked: readonly number[]): Taste | null {
  const pieces = liked.flatMap((id) => ix.entries.get(id) ?? []);
  if (pieces.length === 0) return null;
  const occasion = new Float64Array(OCCASIONS.length);
  for (const p of pieces) for (let i = 0; i < OCCASIONS.length; i++) if (p.occasions & (1 << i)) occasion[i]!++;
  const maxOccasion = Math.max(...occasion);
  if (maxOccasion > 0) for (let i = 0; i < occasion.length; i++) occasion[i]! /= maxOccasion;
  return {
    category: shares(pieces.map((p) => p.category)),
    brand: shares(pieces.map((p) => p.brand)),
    colour: shares(pieces.map((p) => p.colour)),
    occasion,
  };
}

/** How close a piece is to her taste (0 to 1). */
export function closeness(e: Entry, taste: Taste | null): number {
  if (!taste) return 0;
  let occasion = 0;
  for (let i = 0; i < OCCASIONS.length; i++)
    if (e.occasions & (1 << i) && taste.occasion[i]! > occasion) occasion = taste.occasion[i]!;
  const w = CLOSE_WEIGHTS;
  return (
    w.category * (taste.category.get(e.category) ?? 0) +
    w.brand * (taste.brand.get(e.brand) ?? 0) +
    w.colour * (taste.colour.get(e.colour) ?? 0) +
    w.occasion * occasion
  );
}

/** The ranking of a result set for her: the set's most recent rentals and favourites, her sizes and taste. */
export function prepareRanking(ix: CatalogueIndex, set: TypedFastBitSet, ctx: RankingContext): PreparedRanking {
  const today = dayNumber(ctx.today);
  const recentFrom = today - RECENT_DAYS + 1;
  let maxRented = 0;
  let maxLikes = 0;
  set.forEach((id) => {
    const e = ix.entries.get(id);
    if (!e) return;
    if (e.likes > maxLikes) maxLikes = e.likes;
    if (e.rentedOn.length > maxRented) maxRented = Math.max(maxRented, rentedSince(e, recentFrom));
  });
  return {
    held: ctx.held,
    sizeIndexes: ctx.sizes.map((s) => SIZES.indexOf(s as never)).filter((k) => k >= 0),
    taste: tasteOf(ix, ctx.liked ?? []),
    recentFrom,
    today,
    maxRented,
    maxLikes,
  };
}

const logScale = (n: number, max: number) => (max > 0 ? Math.log1p(Math.max(0, n)) / Math.log1p(max) : 0);

/** 1 when a unit in one of her sizes is free (on her dates, when she gave them), else 0. */
function fitOf(e: Entry, p: PreparedRanking): number {
  for (const k of p.sizeIndexes) if (e.units[k]! > 0 && !p.held?.fullOfSize[k]!.has(e.id)) return 1;
  return 0;
}

/** One piece's signals. */
export function signalsOf(e: Entry, p: PreparedRanking): Signals {
  const held = p.held;
  const fit = fitOf(e, p);
  const age = Math.max(0, p.today - e.createdDay);
  return {
    fit,
    available: held?.noneFree.has(e.id) ? 0 : 1,
    close: closeness(e, p.taste),
    rented: logScale(e.rentedOn.length ? rentedSince(e, p.recentFrom) : 0, p.maxRented),
    loved: logScale(e.likes, p.maxLikes),
    rating: Math.min(1, Math.max(0, e.rating / 5)),
    newness: Number.isFinite(age) ? Math.max(0, 1 - age / NEW_DAYS) : 0,
  };
}

/**
 * The Recommended blend of a result set's pieces (id -> blend, higher is better): the shape of a
 * search's matches, so the list walks it as it walks relevance and the cursor carries minus the blend.
 */
export function recommendedRanks(ix: CatalogueIndex, set: TypedFastBitSet, ctx: RankingContext): Map<number, number> {
  const prepared = prepareRanking(ix, set, ctx);
  const ranks = new Map<number, number>();
  set.forEach((id) => {
    const e = ix.entries.get(id);
    if (e) ranks.set(id, blendOf(e, prepared));
  });
  return ranks;
}

const W = RECOMMENDED_WEIGHTS;

/**
 * `blend(signalsOf(e, p))` without the object per piece (a broad list at 100k blends tens of
 * thousands per request): the same signals added in the same order, so the same number.
 */
export function blendOf(e: Entry, p: PreparedRanking): number {
  const held = p.held;
  const fit = fitOf(e, p);
  const age = Math.max(0, p.today - e.createdDay);
  let score = 0;
  score += W.fit * fit;
  score += W.available * (held?.noneFree.has(e.id) ? 0 : 1);
  score += W.close * closeness(e, p.taste);
  score += W.rented * logScale(e.rentedOn.length ? rentedSince(e, p.recentFrom) : 0, p.maxRented);
  score += W.loved * logScale(e.likes, p.maxLikes);
  score += W.rating * Math.min(1, Math.max(0, e.rating / 5));
  score += W.newness * (Number.isFinite(age) ? Math.max(0, 1 - age / NEW_DAYS) : 0);
  return score;
}
