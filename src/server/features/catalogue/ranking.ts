import type { TypedFastBitSet } from 'typedfastbitset';
import { OCCASIONS, SIZES } from '../../../domain/catalogue';
import { dayNumber, type CatalogueIndex, type Entry } from './catalogue-index';

/**
 * The "Recommended" sort (docs/product.md "Search and filters", decisions 0065 and 0071): a blend
 * of signals the index holds for every piece (its rentals in the last RECENT_DAYS, favorites,
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
  /** How close it is to what she liked (her favorites' categories, designers, colours, occasions); 0 without favorites. */
  close: number;
  /** Its rentals in the last RECENT_DAYS, on a log scale against the catalogue's most rented piece. */
  rented: number;
  /** Members who have it in their favorites, on a log scale against the catalogue's most liked piece. */
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

/** What "close to what she liked" weighs (summing to 1): each is her favorites' share of the piece's value against their commonest. */
export const CLOSE_WEIGHTS = { category: 0.4, brand: 0.2, colour: 0.2, occasion: 0.2 } as const;

/** How long a piece counts as new for the blend. */
export const NEW_DAYS = 60;
/** The rentals that count as recent: made in this many days up to today. */
export const RECENT_DAYS = 90;
/** Without dates, "available" means a unit free from today for this many days. */
export const AVAILABLE_SOON_DAYS = 7;
/** How many of her latest favorites tell what she likes. */
export const LIKED_LIMIT = 50;

const W = RECOMMENDED_WEIGHTS;

/**
 * The blend: the weighted sum of the signals (0 to 1), as the part a request decides (her sizes,
 * what is free, her taste) plus the part the catalogue decides (rentals, favorites, rating,
 * newness), each summed in this order, so `blendOf` and the walk's bound (recommended-order.ts)
 * add the same numbers the same way.
 */
export function blend(s: Signals): number {
  let request = 0;
  request += W.fit * s.fit;
  request += W.available * s.available;
  request += W.close * s.close;
  let catalogue = 0;
  catalogue += W.rented * s.rented;
  catalogue += W.loved * s.loved;
  catalogue += W.rating * s.rating;
  catalogue += W.newness * s.newness;
  return request + catalogue;
}

/** What a request knows besides the index: her sizes, her favorites, today, and what is held on the dates asked (or the coming week). */
export interface RankingContext {
  /** Her sizes (her usual size, the sizes she rented): SIZES names. */
  sizes: readonly string[];
  /** Her favorites' ids (her latest LIKED_LIMIT); none when signed out. */
  liked?: readonly number[];
  today: string;
  /**
   * Items with no unit free on the dates; per size (SIZES order), items with no unit of that size
   * free. Null: not known yet (the walk asks for a batch of pieces at a time, recommended-order.ts).
   */
  held: Held | null;
}

/** What is held on her dates (or in the coming week), as index-query.ts's `dateSets` gives it. */
export interface Held {
  noneFree: TypedFastBitSet;
  fullOfSize: readonly TypedFastBitSet[];
}

/** Her taste from her favorites: per value, its count over the commonest value's (0 to 1). */
interface Taste {
  category: Map<string, number>;
  brand: Map<string, number>;
  colour: Map<string, number>;
  occasion: Float64Array;
}

/** What the catalogue decides of the blend on a day: the most rented and most liked pieces. */
export interface CatalogueMaxima {
  /** The first day whose rentals count as recent. */
  recentFrom: number;
  today: number;
  maxRented: number;
  maxLikes: number;
}

/** A request's ranking, worked out once: the catalogue's maxima, her sizes as indexes, her taste, what is held. */
export interface PreparedRanking extends CatalogueMaxima {
  held: Held | null;
  sizeIndexes: number[];
  taste: Taste | null;
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

/** Her taste from her favorites still in the index (null: none). */
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

/** The most rented (since RECENT_DAYS before `today`) and most liked pieces of the catalogue. */
export function catalogueMaxima(ix: CatalogueIndex, today: string): CatalogueMaxima {
  const day = dayNumber(today);
  const recentFrom = day - RECENT_DAYS + 1;
  let maxRented = 0;
  let maxLikes = 0;
  for (const e of ix.entries.values()) {
    if (e.likes > maxLikes) maxLikes = e.likes;
    if (e.rentedOn.length > maxRented) maxRented = Math.max(maxRented, rentedSince(e, recentFrom));
  }
  return { recentFrom, today: day, maxRented, maxLikes };
}

/** The most `closeness` can be (every share 1), summed as it sums. */
const CLOSE_MAX =
  CLOSE_WEIGHTS.category * 1 + CLOSE_WEIGHTS.brand * 1 + CLOSE_WEIGHTS.colour * 1 + CLOSE_WEIGHTS.occasion * 1;

/** The ranking for her: the catalogue's maxima, her sizes and taste, what is held. */
export function prepareRanking(ix: CatalogueIndex, ctx: RankingContext): PreparedRanking {
  return { ...catalogueMaxima(ix, ctx.today), held: ctx.held, ...memberRanking(ix, ctx.sizes, ctx.liked ?? []) };
}

/** Her part of a ranking: her sizes as SIZES indexes, her taste from her favorites. */
export function memberRanking(
  ix: CatalogueIndex,
  sizes: readonly string[],
  liked: readonly number[],
): Pick<PreparedRanking, 'sizeIndexes' | 'taste'> {
  return {
    sizeIndexes: sizes.map((s) => SIZES.indexOf(s as never)).filter((k) => k >= 0),
    taste: tasteOf(ix, liked),
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
 * Every piece of a set with its blend (id -> blend, higher is better): the definition the walk
 * (recommended-order.ts) must agree with, used by the tests.
 */
export function recommendedRanks(ix: CatalogueIndex, set: TypedFastBitSet, ctx: RankingContext): Map<number, number> {
  const prepared = prepareRanking(ix, ctx);
  const ranks = new Map<number, number>();
  set.forEach((id) => {
    const e = ix.entries.get(id);
    if (e) ranks.set(id, blendOf(e, prepared));
  });
  return ranks;
}

/** The part of the blend the request decides (fit, available, close), summed as `blend` sums it. */
export function requestPart(e: Entry, p: PreparedRanking): number {
  let request = 0;
  request += W.fit * fitOf(e, p);
  request += W.available * (p.held?.noneFree.has(e.id) ? 0 : 1);
  request += W.close * closeness(e, p.taste);
  return request;
}

/** The most `requestPart` can be for any piece in this request: no piece's part is above it (the sums round the same way). */
export function requestBound(p: PreparedRanking): number {
  let request = 0;
  request += W.fit * (p.sizeIndexes.length > 0 ? 1 : 0);
  request += W.available * 1;
  request += W.close * (p.taste ? CLOSE_MAX : 0);
  return request;
}

/** The part of the blend the catalogue decides (rented, loved, rating, newness) on the maxima's day. */
export function cataloguePart(e: Entry, m: CatalogueMaxima): number {
  const age = Math.max(0, m.today - e.createdDay);
  let catalogue = 0;
  catalogue += W.rented * logScale(e.rentedOn.length ? rentedSince(e, m.recentFrom) : 0, m.maxRented);
  catalogue += W.loved * logScale(e.likes, m.maxLikes);
  catalogue += W.rating * Math.min(1, Math.max(0, e.rating / 5));
  catalogue += W.newness * (Number.isFinite(age) ? Math.max(0, 1 - age / NEW_DAYS) : 0);
  return catalogue;
}

/** `blend(signalsOf(e, p))` without the object per piece: the same signals added in the same order, so the same number. */
export function blendOf(e: Entry, p: PreparedRanking): number {
  return requestPart(e, p) + cataloguePart(e, p);
}
