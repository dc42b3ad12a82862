import { TypedFastBitSet } from 'typedfastbitset';
import { SIZES, THEMES, type ItemSort } from '../../../domain/catalogue';
import { ORDERS, SIZE_COUNT, type CatalogueIndex, type Entry, type OrderName } from './catalogue-index';
import type { FacetDimension, ItemFilters, Keyset } from './catalogue.repository';
import { fit, idsOf, intersectionSize3, ON_HEAP, type SetMaker } from './bitsets';
import { priceSet } from './price-buckets';
import type { Ranked } from './text-index';
import { ascending } from './top-k';

/**
 * Lists (and the sets facet-counts.ts counts) from the in-process index (decision 0057). A filter is a bitset of item
 * ids; a list is the AND of the active filters walked in its sort's order; a facet count is the
 * population count of (every other filter AND the value's set), exact per request. Dates come from
 * the bookings: `booked` is the ids of the units held in the range, read from the database per request.
 */

export const EMPTY = new TypedFastBitSet();

/** What the dates leave: items with no unit free at all, and per size the items with none of that size free. */
interface DateSets {
  noneFree: TypedFastBitSet;
  fullOfSize: TypedFastBitSet[];
}

export function dateSets(ix: CatalogueIndex, booked: readonly number[]): DateSets {
  const taken = new Map<number, Uint16Array>();
  for (const unitId of new Set(booked)) {
    const u = ix.units.get(unitId);
    if (!u) continue;
    let counts = taken.get(u.item);
    if (!counts) taken.set(u.item, (counts = new Uint16Array(SIZE_COUNT)));
    counts[u.size]!++;
  }
  const noneFree = new TypedFastBitSet();
  const fullOfSize = SIZES.map(() => new TypedFastBitSet());
  for (const [id, counts] of taken) {
    const e = ix.entries.get(id)!;
    let free = false;
    for (let k = 0; k < SIZE_COUNT; k++) {
      if (!e.units[k]) continue;
      if (counts[k]! >= e.units[k]!) fullOfSize[k]!.add(id);
      else free = true;
    }
    if (!free) noneFree.add(id);
  }
  return { noneFree, fullOfSize };
}

/**
 * Of these pieces, those with a unit (of `size`, when given) that is not among the `booked` units:
 * a list on dates keeps them, by the same counting as its facet counts (`dateSets`).
 */
export function freeOf(
  ix: CatalogueIndex,
  ids: readonly number[],
  booked: readonly number[],
  size?: string,
): Set<number> {
  const { noneFree, fullOfSize } = dateSets(ix, booked);
  const k = size === undefined ? -1 : SIZES.indexOf(size as (typeof SIZES)[number]);
  if (size !== undefined && k < 0) return new Set();
  return new Set(
    ids.filter((id) => {
      const e = ix.entries.get(id);
      if (!e) return false;
      return k < 0 ? e.unitIds.length > 0 && !noneFree.has(id) : e.units[k]! > 0 && !fullOfSize[k]!.has(id);
    }),
  );
}

/** The sets of a filter set: the scope every list shares, and each filtered list's own set (absent: not filtered). */
export interface FilterSets {
  scope: TypedFastBitSet;
  own: Partial<Record<FacetDimension, TypedFastBitSet>>;
  /** The category list's own set: Discovery narrows it when a category is chosen. */
  categoryList: TypedFastBitSet | null;
  /** A size's items: with dates, those with a unit of the size free. */
  sizeSet: (size: string) => TypedFastBitSet;
  /** With dates, the items with some unit free (the size list's scope). */
  anyFree: TypedFastBitSet | null;
  /** How the sets made from these are made. */
  make: SetMaker;
}

export function filterSets(
  ix: CatalogueIndex,
  f: ItemFilters,
  matched: TypedFastBitSet | null,
  booked: readonly number[] | null,
  make: SetMaker = ON_HEAP,
): FilterSets {
  // A gender's pieces are all active: the scope starts as the index's own set and is copied when first narrowed.
  let scope = f.gender ? (ix.genders.get(f.gender) ?? EMPTY) : ix.active;
  let copied = false;
  const narrow = (set: TypedFastBitSet) => {
    scope = copied ? scope.intersection(set) : make.and(scope, set);
    copied = true;
  };
  if (f.theme) {
    const theme = new TypedFastBitSet();
    for (const t of THEMES[f.theme].tags) theme.union(ix.tags.get(t) ?? EMPTY);
    narrow(fit(theme));
  }
  // The text index holds the active pieces only: a search's matches are the whole catalogue's scope.
  if (matched && scope === ix.active) scope = matched;
  else if (matched) narrow(matched);
  const dates = booked ? dateSets(ix, booked) : null;
  const own: FilterSets['own'] = {};
  let categoryList: TypedFastBitSet | null = null;
  if (f.category) {
    own.category = ix.categories.get(f.category) ?? EMPTY;
    if (f.discovery) categoryList = ix.discovery;
  } else if (f.discovery) narrow(ix.discovery);
  if (f.brand) own.brand = ix.brands.get(f.brand) ?? EMPTY;
  if (f.colour) own.colour = ix.colours.get(f.colour) ?? EMPTY;
  if (f.occasion) own.occasion = ix.tags.get(f.occasion) ?? EMPTY;
  if (f.minPrice !== undefined || f.maxPrice !== undefined) own.price = priceSet(ix, f.minPrice, f.maxPrice, make);
  const sizeSet = (size: string) => {
    const k = SIZES.indexOf(size as never);
    const items = ix.sizes.get(size) ?? EMPTY;
    return dates && k >= 0 ? make.andNot(items, dates.fullOfSize[k]!) : items;
  };
  const anyFree = dates ? make.andNot(ix.active, dates.noneFree) : null;
  if (f.size) own.size = sizeSet(f.size);
  else if (anyFree) narrow(anyFree);
  return { scope, own, categoryList, sizeSet, anyFree, make };
}

/**
 * The sets whose AND is a list's base: the scope and every own set but `except`'s (and, for the
 * category list, Discovery; for the size list on dates, the pieces with a unit free).
 */
function partsWithout(s: FilterSets, except?: FacetDimension): TypedFastBitSet[] {
  const parts = [s.scope];
  for (const [dim, set] of Object.entries(s.own) as [FacetDimension, TypedFastBitSet][])
    if (dim !== except) parts.push(set);
  if (except === 'category' && s.categoryList) parts.push(s.categoryList);
  if (except === 'size' && s.anyFree) parts.push(s.anyFree);
  return parts;
}

/** The AND of two or more sets, as a new set (the first two ANDed into it, the rest in place). */
function andOf(parts: readonly TypedFastBitSet[], make: SetMaker): TypedFastBitSet {
  return parts.slice(2).reduce((out, p) => out.intersection(p), make.and(parts[0]!, parts[1]!));
}

/**
 * The scope AND every own set but `except`'s (`partsWithout`): a new set (the scope may be one of
 * the index's own sets, which are never written here).
 */
export function without(s: FilterSets, except?: FacetDimension): TypedFastBitSet {
  const parts = partsWithout(s, except);
  return parts.length === 1 ? s.make.copy(parts[0]!) : andOf(parts, s.make);
}

/**
 * The same set as `without` for a facet count, made only when its items are read: its size counted
 * first, as the population count of the AND of its parts when it has at most three (a pass that
 * reads them and writes nothing; most lists need only a base's size: facet-counts.ts).
 */
export class Base {
  private made: TypedFastBitSet | null = null;
  private counted = -1;

  constructor(
    private readonly parts: readonly TypedFastBitSet[],
    private readonly make: SetMaker,
  ) {}

  /**
   * Takes `size` as its size when it is the AND of exactly these sets (a set whose size the index
   * keeps: a tab, or a tab's pieces of one value), so no pass counts it.
   */
  sizeIfOf(parts: readonly TypedFastBitSet[], size: number): void {
    if (this.counted < 0 && parts.length === this.parts.length && parts.every((p) => this.parts.includes(p)))
      this.counted = size;
  }

  /** How many words a pass over it reads. */
  get words(): number {
    return Math.min(...this.parts.map((p) => p.words.length));
  }

  size(): number {
    if (this.counted < 0) {
      const [a, b, c] = this.parts;
      this.counted =
        this.made || this.parts.length > 3
          ? this.set().size()
          : c
            ? intersectionSize3(a!, b!, c)
            : b
              ? a!.intersection_size(b)
              : a!.size();
    }
    return this.counted;
  }

  /** Its items: a set to read, not to write (it may be one of the index's own). */
  set(): TypedFastBitSet {
    return (this.made ??= this.parts.length === 1 ? this.parts[0]! : andOf(this.parts, this.make));
  }
}

/** A list's base (`without`), made when read. */
export function baseWithout(s: FilterSets, except?: FacetDimension): Base {
  return new Base(partsWithout(s, except), s.make);
}

/** The items a filter set lists (active, every filter, the search's matching items, free on the dates). */
export function resultSet(
  ix: CatalogueIndex,
  f: ItemFilters,
  matched: TypedFastBitSet | null,
  booked: readonly number[] | null,
): TypedFastBitSet {
  return without(filterSets(ix, f, matched, booked));
}

/**
 * A result set's ids in a sort's order after a keyset; relevance ids carry their rank (lower is
 * better). `within`: one of the index's own sets holding every piece of `set` (the chosen
 * category's), whose own order is walked instead of the whole catalogue's.
 */
export function* inOrder(
  ix: CatalogueIndex,
  set: TypedFastBitSet,
  sort: ItemSort,
  matches: Ranked | null,
  after: Keyset | null,
  within: TypedFastBitSet | null = null,
): Generator<{ id: number; score?: number }> {
  if (sort === 'relevance') {
    // Minus the rank, ascending: only the pieces past the cursor, ordered as far as the walk goes (top-k.ts).
    const n = matches?.n ?? 0;
    const ids = new Int32Array(n);
    const scores = new Float64Array(n);
    const cut = after ? (after.value as number) : -Infinity;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const id = matches!.ids[i]!;
      const score = -matches!.ranks[i]!;
      if (score < cut || (after && score === cut && id <= after.id) || !set.has(id)) continue;
      ids[kept] = id;
      scores[kept++] = score;
    }
    yield* ascending(ids.subarray(0, kept), scores.subarray(0, kept));
    return;
  }
  const name = sort as OrderName;
  const whole = ix.order(name);
  // A sparse set: its own pieces' places sorted cost less than walking the order to find a page of them.
  if (isSparse(set.size(), whole.length)) {
    yield* placesFrom(whole, set, firstPast(ix, whole, name, after));
    return;
  }
  const order = within ? orderWithin(ix, name, within) : whole;
  for (let i = firstPast(ix, order, name, after); i < order.length; i++)
    if (set.has(order[i]!)) yield { id: order[i]! };
}

/** The first position of an order past the keyset (0 without one): a binary search on (key, id) in the order's direction. */
function firstPast(ix: CatalogueIndex, order: readonly number[], name: OrderName, after: Keyset | null): number {
  if (!after) return 0;
  const { key, dir } = ORDERS[name];
  const atOrBefore = (e: Entry) => {
    const k = key(e);
    if (k !== after.value) return (k < after.value ? -1 : 1) * dir < 0;
    return (e.id - after.id) * dir <= 0;
  };
  let i = 0;
  let hi = order.length;
  while (i < hi) {
    const mid = (i + hi) >>> 1;
    if (atOrBefore(ix.entries.get(order[mid]!)!)) i = mid + 1;
    else hi = mid;
  }
  return i;
}

/**
 * An order narrowed to one of the index's own sets, made when first asked for and kept until the
 * index changes (its generation moves with every apply). A category's pieces are not spread
 * evenly over the catalogue's orders: by price, the dresses come after most of the tops and
 * shoes, and a walk of the whole order read 18,392 places at 100,000 pieces for a page of the
 * women's dresses (decision 0088). The narrowed orders of every category together hold each
 * order once.
 */
const narrowedOrders = new WeakMap<
  TypedFastBitSet,
  { ix: CatalogueIndex; generation: number; orders: Map<OrderName, readonly number[]> }
>();
function orderWithin(ix: CatalogueIndex, name: OrderName, within: TypedFastBitSet): readonly number[] {
  let kept = narrowedOrders.get(within);
  if (!kept || kept.ix !== ix || kept.generation !== ix.generation())
    narrowedOrders.set(within, (kept = { ix, generation: ix.generation(), orders: new Map() }));
  let order = kept.orders.get(name);
  if (!order) kept.orders.set(name, (order = ix.order(name).filter((id) => within.has(id))));
  return order;
}

/**
 * True when a set of `size` pieces is better sorted than found in an order of `length`: a walk
 * reads about (page / size) x length places of the order, each a look-up in the set (82 pieces of
 * 100,000 leave 30,000 to read for a page); sorting reads the set's words once and each piece's
 * place in the order, far apart in memory. At 100,000 pieces the two cost the same near 300
 * pieces, 22-35 µs a page with the memory cold (decision 0085).
 */
export const isSparse = (size: number, length: number) => size * size <= length;

/**
 * Each piece's place in an order, plus one (0: not in it), made when first asked of that array. A
 * change to the orders makes new arrays (catalogue-index.ts), so the places of an array never go stale.
 */
const placesByOrder = new WeakMap<readonly number[], Int32Array>();
function placesOf(order: readonly number[]): Int32Array {
  let places = placesByOrder.get(order);
  if (!places) {
    let top = 0;
    for (const id of order) if (id > top) top = id;
    places = new Int32Array(top + 1);
    for (let i = 0; i < order.length; i++) places[order[i]!] = i + 1;
    placesByOrder.set(order, places);
  }
  return places;
}

/** A set's pieces in an order from position `from`: their places in it, sorted as numbers. */
function* placesFrom(order: readonly number[], set: TypedFastBitSet, from: number): Generator<{ id: number }> {
  const places = placesOf(order);
  const ids = idsOf(set);
  const found = new Int32Array(ids.length);
  let n = 0;
  for (let k = 0; k < ids.length; k++) {
    const at = (places[ids[k]!] ?? 0) - 1;
    if (at >= from) found[n++] = at;
  }
  for (const at of found.subarray(0, n).sort()) yield { id: order[at]! };
}

/** One page (`limit + 1` ids) of a result set in a sort's order after a keyset (`within`: as `inOrder`). */
export function page(
  ix: CatalogueIndex,
  set: TypedFastBitSet,
  sort: ItemSort,
  matches: Ranked | null,
  after: Keyset | null,
  limit: number,
  within: TypedFastBitSet | null = null,
): { id: number; score?: number }[] {
  const out: { id: number; score?: number }[] = [];
  for (const e of inOrder(ix, set, sort, matches, after, within)) {
    out.push(e);
    if (out.length > limit) break;
  }
  return out;
}

/**
 * One page (`limit + 1` pieces) of an order, sync or lazy (the Recommended walk asks the bookings
 * as it goes). With `keep` (a list on dates: a unit free, asked of the bookings), candidates are
 * taken in order, `batch` at a time, until the page is full, so the database is asked about a
 * page's worth of pieces, not every piece booked on the dates.
 */
export async function takePage<T extends { id: number }>(
  order: Iterable<T> | AsyncIterable<T>,
  limit: number,
  keep?: (ids: number[]) => Promise<ReadonlySet<number>>,
  batch = limit + 9,
): Promise<T[]> {
  const out: T[] = [];
  let chunk: T[] = [];
  const flush = async () => {
    const kept = keep ? await keep(chunk.map((e) => e.id)) : null;
    for (const e of chunk) if (!kept || kept.has(e.id)) if (out.push(e) > limit) break;
    chunk = [];
  };
  for await (const e of order) {
    chunk.push(e);
    if (!keep || chunk.length === batch) await flush();
    if (out.length > limit) return out.slice(0, limit + 1);
  }
  if (chunk.length > 0) await flush();
  return out.slice(0, limit + 1);
}
