import { TypedFastBitSet } from 'typedfastbitset';
import type { CatalogueIndex } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { fit, ON_HEAP, type SetMaker } from './bitsets';
import { minus, type AlongOrder, type KeptDimension, type TabCounts } from './item-columns';

/**
 * The price order's buckets (decision 0057): the items of a price range as two set operations,
 * and the sets whose counts are kept along the price order for the facet counts (facet-counts.ts).
 */

/**
 * The price order cut into buckets of `width` positions, kept as prefix sets: `below[k]` holds the
 * first k buckets' items, so a range is `below[end] - below[first]` (its whole buckets, two set
 * operations however wide it is) and its two edges' ids.
 */
interface PriceBuckets {
  order: readonly number[];
  prices: Float64Array;
  width: number;
  below: TypedFastBitSet[];
  /** Per tab (a gender, or undefined: all), its pieces' running counts at each bucket's end, made when first asked. */
  along: Map<string | undefined, AlongOrder | undefined>;
  /** The same of a tab's pieces with a value (`alongOf`), the latest PICKED_ALONG made. */
  picked: Map<string, AlongOrder | undefined>;
}

const PRICE_BUCKETS = 128;
/** Per price order (a new array after each change of the index), so a request builds none. */
const bucketsByOrder = new WeakMap<readonly number[], PriceBuckets>();

function priceBuckets(ix: CatalogueIndex): PriceBuckets {
  const order = ix.order('price-asc');
  let b = bucketsByOrder.get(order);
  if (b) return b;
  const prices = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) prices[i] = ix.entries.get(order[i]!)!.price;
  const width = Math.max(1, Math.ceil(order.length / PRICE_BUCKETS));
  const below: TypedFastBitSet[] = [new TypedFastBitSet()];
  for (let start = 0; start < order.length; start += width) {
    const next = below[below.length - 1]!.clone();
    for (let i = start; i < Math.min(order.length, start + width); i++) next.add(order[i]!);
    below.push(fit(next));
  }
  b = { order, prices, width, below, along: new Map(), picked: new Map() };
  bucketsByOrder.set(order, b);
  return b;
}

/** The first position whose price is past `price` (`after`) or at least `price`. */
function bound(prices: Float64Array, price: number, after: boolean): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after ? prices[mid]! <= price : prices[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The items of a price range (inclusive), from the price order's buckets. */
export function priceSet(
  ix: CatalogueIndex,
  min: number | undefined,
  max: number | undefined,
  make: SetMaker,
): TypedFastBitSet {
  const { order, prices, width, below } = priceBuckets(ix);
  const lo = bound(prices, min ?? -Infinity, false);
  const hi = bound(prices, max ?? Infinity, true);
  const firstWhole = Math.ceil(lo / width);
  const endWhole = Math.floor(hi / width);
  if (firstWhole >= endWhole) {
    const out = new TypedFastBitSet();
    for (let i = lo; i < hi; i++) out.add(order[i]!);
    return out;
  }
  const out = firstWhole === 0 ? make.copy(below[endWhole]!) : make.andNot(below[endWhole]!, below[firstWhole]!);
  for (let i = lo; i < firstWhole * width; i++) out.add(order[i]!);
  for (let i = endWhole * width; i < hi; i++) out.add(order[i]!);
  return out;
}

/**
 * A set of pieces whose counts the index keeps: the counts and the set itself when asked (most
 * requests take neither), and how many pieces.
 */
export interface KeptSet {
  counts: () => TabCounts;
  size: number;
  set: () => TypedFastBitSet;
  /**
   * Of a set widened past a price range, its pieces outside the range: a base it holds that has
   * the range and is as large as the set less these is the set less these.
   */
  outside?: () => Int32Array;
  /** How many pieces `outside` can give at most (the positions it reads). */
  outsideAtMost?: number;
  /** The index's sets whose AND it is, when it is one (a tab, a tab's pieces of a value). */
  parts?: readonly TypedFastBitSet[];
}

/** A pick's set among the index's own (a category's, a brand's, a colour's, a size's or an occasion's pieces). */
export function valueSet(ix: CatalogueIndex, dim: KeptDimension, value: string): TypedFastBitSet | undefined {
  const sets = { category: ix.categories, brand: ix.brands, colour: ix.colours, size: ix.sizes, occasion: ix.tags };
  return sets[dim].get(value);
}

/** How many running counts along the price order of a tab's pieces of one value are kept per price order. */
const PICKED_ALONG = 32;

/** The running counts along the price buckets of a tab's pieces, or of those with a value: made when first asked. */
function alongOf(ix: CatalogueIndex, b: PriceBuckets, gender: string | undefined, pick?: Pick): AlongOrder | undefined {
  if (!pick) {
    if (!b.along.has(gender)) b.along.set(gender, ix.columns.along(b.order, b.width, gender));
    return b.along.get(gender);
  }
  const key = `${gender ?? ''}\u0000${pick.dim}\u0000${pick.value}`;
  if (!b.picked.has(key)) {
    // The oldest made goes first: at 100k pieces each holds about 350 KB.
    if (b.picked.size >= PICKED_ALONG) b.picked.delete(b.picked.keys().next().value!);
    b.picked.set(key, ix.columns.along(b.order, b.width, gender, pick));
  }
  return b.picked.get(key);
}

export type Pick = { dim: KeptDimension; value: string };

/**
 * The price order (ascending), and where in it a set's pieces can first and last be: the first and
 * last buckets holding a piece of the smallest set whose running counts are kept along it, of a tab
 * (`f.gender`'s, or all) and of its pieces with each of `picks`, every one holding the set. Made with
 * a price filter only (null without one): those are the lists that keep them (`keptPriceRange`).
 */
export function priceSpan(
  ix: CatalogueIndex,
  f: ItemFilters,
  picks: readonly Pick[],
): { order: readonly number[]; first: number; last: number; width: number } | null {
  if (f.minPrice === undefined && f.maxPrice === undefined) return null;
  const b = priceBuckets(ix);
  const total = (a: AlongOrder) => a.sizes[a.sizes.length - 1]!;
  let best = alongOf(ix, b, f.gender);
  for (const pick of picks) {
    const along = alongOf(ix, b, f.gender, pick);
    if (along && (!best || total(along) < total(best))) best = along;
  }
  if (!best || total(best) === 0) return null;
  const sizes = best.sizes;
  let first = 0;
  while (sizes[first + 1] === 0) first++;
  let last = sizes.length - 2;
  while (sizes[last + 1] === sizes[last]) last--;
  return {
    order: b.order,
    first: first * b.width,
    last: Math.min(b.order.length, (last + 1) * b.width) - 1,
    width: b.width,
  };
}

/**
 * A tab's pieces (a gender's, or the whole catalogue's), or its pieces with a value another active
 * filter picks, in a price range widened to whole buckets of the price order: a set holding every
 * piece of the range (of the value), whose counts are the difference of the running counts at the
 * two buckets' ends (null: no price filter, or no such piece). A dress's list under "Dresses, from
 * $20" is counted as the dresses of the widened range less the few of its edge buckets below $20,
 * not by a walk of every dress from $20.
 */
export function keptPriceRange(
  ix: CatalogueIndex,
  f: ItemFilters,
  tabSet: TypedFastBitSet,
  make: SetMaker = ON_HEAP,
  pick?: Pick,
): KeptSet | null {
  if (f.minPrice === undefined && f.maxPrice === undefined) return null;
  const b = priceBuckets(ix);
  const along = alongOf(ix, b, f.gender, pick);
  const picked = pick ? valueSet(ix, pick.dim, pick.value) : undefined;
  if (!along || (pick && !picked)) return null;
  const lo = bound(b.prices, f.minPrice ?? -Infinity, false);
  const hi = bound(b.prices, f.maxPrice ?? Infinity, true);
  const first = Math.floor(lo / b.width);
  const end = Math.min(b.below.length - 1, Math.ceil(hi / b.width));
  // An empty range (a minimum above the maximum: the API refuses it, the index answers it) holds
  // nothing to count from, and its two edges would overlap (a piece outside it taken twice).
  if (end <= first || hi <= lo) return null;
  const [to, from] = [along.counts[end]!, along.counts[first]!];
  let counts: TabCounts | undefined;
  let outside: Int32Array | undefined;
  const atMost = lo - first * b.width + Math.max(0, Math.min(b.order.length, end * b.width) - hi);
  return {
    counts: () =>
      (counts ??= {
        category: minus(to.category, from.category),
        brand: minus(to.brand, from.brand),
        colour: minus(to.colour, from.colour),
        sizes: minus(to.sizes, from.sizes),
        occasions: minus(to.occasions, from.occasions),
      }),
    size: along.sizes[end]! - along.sizes[first]!,
    set: () => {
      const set = first === 0 ? make.copy(b.below[end]!) : make.andNot(b.below[end]!, b.below[first]!);
      if (f.gender) set.intersection(tabSet);
      return picked ? set.intersection(picked) : set;
    },
    // The tab's pieces (of a value: with it) of the two edge buckets' positions outside the range,
    // in price order (a walk tallies them in any order), in one pass over the positions.
    outside: () => {
      if (outside) return outside;
      const ids = new Int32Array(atMost);
      let n = 0;
      const take = (from: number, to: number) => {
        for (let i = from; i < to; i++) {
          const id = b.order[i]!;
          if ((!f.gender || tabSet.has(id)) && (!picked || picked.has(id))) ids[n++] = id;
        }
      };
      take(first * b.width, lo);
      take(hi, Math.min(b.order.length, end * b.width));
      return (outside = ids.subarray(0, n));
    },
    outsideAtMost: atMost,
  };
}
