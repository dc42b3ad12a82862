import type { TypedFastBitSet } from 'typedfastbitset';
import { OCCASIONS, SIZES } from '../../../domain/catalogue';
import type { CatalogueIndex, Entry, OrderName } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { EMPTY, filterSets, without } from './index-query';

/**
 * Facet counts from the in-process index (decisions 0057, 0073): each list's count of a value is
 * the number of items in (every other active filter AND the value), exact per request. Two ways
 * give the same number and the cheaper is taken per list: the population count of (base AND the
 * value's set), a word at a time, when the base is large; a tally of the base's items by their
 * value (a column of codes or of bits per item id), when the base is small against the values.
 */

export interface FacetCounts {
  total: number;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
  colours: { value: string; count: number }[];
  sizes: { value: string; count: number }[];
  occasions: { value: string; count: number }[];
  price: { min: number | null; max: number | null };
}

type Field = 'category' | 'brand' | 'colour';

/** Per item id, what the tallies read: a code per single-valued field and its names, the sizes' and occasions' bits. */
interface Columns {
  generation: number;
  codes: Map<Field, { codes: Int32Array; names: string[] }>;
  /** Bit k: a unit of SIZES[k]. */
  sizes: Uint16Array;
  /** Bit k: OCCASIONS[k] (the entry's `occasions`). */
  occasions: Uint32Array;
}

const columnsOf = new WeakMap<CatalogueIndex, Columns>();

/** The columns of the index as it stands (built again after a change it applied). */
function columns(ix: CatalogueIndex): Columns {
  const known = columnsOf.get(ix);
  if (known && known.generation === ix.generation()) return known;
  let maxId = 0;
  for (const id of ix.entries.keys()) if (id > maxId) maxId = id;
  const sizes = new Uint16Array(maxId + 1);
  const occasions = new Uint32Array(maxId + 1);
  for (const e of ix.entries.values()) {
    let bits = 0;
    for (let k = 0; k < SIZES.length; k++) if (e.units[k]! > 0) bits |= 1 << k;
    sizes[e.id] = bits;
    occasions[e.id] = e.occasions;
  }
  const made: Columns = { generation: ix.generation(), codes: new Map(), sizes, occasions };
  columnsOf.set(ix, made);
  return made;
}

/** A single-valued field's codes per item id (-1: none) and the codes' names, built on first use. */
function codesOf(ix: CatalogueIndex, field: Field) {
  const cols = columns(ix);
  let c = cols.codes.get(field);
  if (c) return c;
  const codes = new Int32Array(cols.sizes.length).fill(-1);
  const names: string[] = [];
  const byName = new Map<string, number>();
  for (const e of ix.entries.values()) {
    const name = e[field];
    let code = byName.get(name);
    if (code === undefined) byName.set(name, (code = names.push(name) - 1));
    codes[e.id] = code;
  }
  cols.codes.set(field, (c = { codes, names }));
  return c;
}

/** The tally pays per item of the base, the population count per word per value: the cheaper of the two. */
const tallyIsCheaper = (ix: CatalogueIndex, base: TypedFastBitSet, values: number) =>
  base.size() * 4 <= values * Math.ceil(ix.entries.size / 32);

const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** A single-valued list's counts (category, brand, colour), values with none left out, A to Z. */
function countsOf(
  ix: CatalogueIndex,
  base: TypedFastBitSet,
  values: ReadonlyMap<string, TypedFastBitSet>,
  field: Field,
) {
  if (!tallyIsCheaper(ix, base, values.size)) return counts(base, values);
  const { codes, names } = codesOf(ix, field);
  const tally = new Int32Array(names.length);
  base.forEach((id) => {
    const code = id < codes.length ? codes[id]! : -1;
    if (code >= 0) tally[code]!++;
  });
  const out: { value: string; count: number }[] = [];
  for (let k = 0; k < names.length; k++)
    if (tally[k]! > 0 && values.has(names[k]!)) out.push({ value: names[k]!, count: tally[k]! });
  return out.sort(byValue);
}

/** A many-valued list's counts from a bits column (`names[k]` is bit k), in `names` order, values with none left out. */
function countsByBits(base: TypedFastBitSet, names: readonly string[], bits: Uint16Array | Uint32Array) {
  const tally = new Int32Array(names.length);
  base.forEach((id) => {
    let m = id < bits.length ? bits[id]! : 0;
    while (m !== 0) {
      const low = m & -m;
      tally[31 - Math.clz32(low)]!++;
      m ^= low;
    }
  });
  const out: { value: string; count: number }[] = [];
  for (let k = 0; k < names.length; k++) if (tally[k]! > 0) out.push({ value: names[k]!, count: tally[k]! });
  return out;
}

/** Each value's count: popcount(base AND the value's set), values with none left out, A to Z (or as given). */
function counts(base: TypedFastBitSet, values: Iterable<[string, TypedFastBitSet]>, sorted = true) {
  const out: { value: string; count: number }[] = [];
  for (const [value, set] of values) {
    const count = base.intersection_size(set);
    if (count > 0) out.push({ value, count });
  }
  return sorted ? out.sort(byValue) : out;
}

/** The first item of an order in a set (the cheapest and dearest price of a set), or undefined. */
function firstIn(ix: CatalogueIndex, order: OrderName, set: TypedFastBitSet): Entry | undefined {
  for (const id of ix.order(order)) if (set.has(id)) return ix.entries.get(id);
  return undefined;
}

/** The counts of every filter list, each with every active filter but its own. */
export function facetCounts(
  ix: CatalogueIndex,
  f: ItemFilters,
  matched: TypedFastBitSet | null,
  booked: readonly number[] | null,
): FacetCounts {
  const s = filterSets(ix, f, matched, booked);
  const priced = without(s, 'price');
  const min = priced.isEmpty() ? undefined : firstIn(ix, 'price-asc', priced);
  const max = priced.isEmpty() ? undefined : firstIn(ix, 'price-desc', priced);
  const sizeBase = without(s, 'size');
  const occasionBase = without(s, 'occasion');
  return {
    total: without(s).size(),
    categories: countsOf(ix, without(s, 'category'), ix.categories.sets, 'category'),
    brands: countsOf(ix, without(s, 'brand'), ix.brands.sets, 'brand'),
    colours: countsOf(ix, without(s, 'colour'), ix.colours.sets, 'colour'),
    // On dates a size's set is its items with a unit of it free: the popcounts.
    sizes:
      !s.anyFree && tallyIsCheaper(ix, sizeBase, SIZES.length)
        ? countsByBits(sizeBase, SIZES, columns(ix).sizes)
        : counts(
            sizeBase,
            SIZES.map((size) => [size, s.sizeSet(size)] as [string, TypedFastBitSet]),
            false,
          ),
    occasions: tallyIsCheaper(ix, occasionBase, OCCASIONS.length)
      ? countsByBits(occasionBase, OCCASIONS, columns(ix).occasions).sort(byValue)
      : counts(
          occasionBase,
          OCCASIONS.map((o) => [o, ix.tags.get(o) ?? EMPTY] as [string, TypedFastBitSet]),
        ),
    price: min && max ? { min: min.price, max: max.price } : { min: null, max: null },
  };
}
