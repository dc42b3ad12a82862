import { PLAIN_CARD, withUnits } from './index-rows.test-helpers';
import type { IndexedUnit } from './unit-codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OCCASIONS, SIZES } from '../../../domain/catalogue';
import { createCatalogueIndex, type IndexedItem } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { facetCounts, keptSets } from './facet-counts';
import { walk } from './facet-walk';
import { baseWithout, filterSets as filterSetsOf, without } from './index-query';

/*
 * A facet list's counts may be taken from a set whose counts the index keeps (the tab, the tab's
 * pieces of another filter's value, the tab's pieces in a price range widened to whole buckets of
 * the price order) less a tally of the set's pieces outside the list's base (facet-counts.ts). The
 * catalogues here are skewed (most pieces of one gender, category, colour and occasion, and cheap),
 * so a list's base is often most of such a set and those ways are taken. Whatever way a list is
 * counted, and after pieces change, leave and come back, each count must be the plain number of
 * pieces with that value under every other active filter.
 */

const skewed = <T>(common: T, others: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constant(common), weight: 4 }, fc.constantFrom(...others));
const CATEGORIES = ['Dresses', 'Coats', 'Bags'];
const BRANDS = ['House', 'Atelier', 'Maison'];
const COLOURS = ['black', 'green', 'red'];
const pieceArb = fc.record({
  gender: skewed('Women', ['Men']),
  category: skewed('Dresses', CATEGORIES),
  brand: fc.constantFrom(...BRANDS),
  colour: skewed('black', COLOURS),
  occasions: fc.subarray(['party', 'work', 'wedding'] as string[]),
  sizes: fc.subarray(['S', 'M', 'L', '42'] as string[], { minLength: 1 }),
  price: fc.oneof({ arbitrary: fc.integer({ min: 100, max: 900 }), weight: 3 }, fc.integer({ min: 100, max: 9000 })),
});
type Piece = typeof pieceArb extends fc.Arbitrary<infer P> ? P : never;

const filtersArb = fc.record(
  {
    gender: fc.constantFrom('Women', 'Men'),
    category: fc.constantFrom(...CATEGORIES),
    brand: fc.constantFrom(...BRANDS),
    colour: fc.constantFrom(...COLOURS),
    size: fc.constantFrom('S', 'M', '42'),
    occasion: fc.constantFrom('party', 'work'),
    minPrice: fc.integer({ min: 0, max: 1000 }),
    maxPrice: fc.integer({ min: 200, max: 10_000 }),
  },
  { requiredKeys: [] },
);

function rowOf(id: number, p: Piece): IndexedItem {
  return {
    id,
    status: 'active',
    name: `Piece ${id}`,
    brand: p.brand,
    category: p.category,
    colour: p.colour,
    gender: p.gender,
    description: '',
    tags: p.occasions.join(',') || null,
    rental_price_cents: p.price,
    rating: 4,
    rental_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    ...PLAIN_CARD,
  };
}

/** Each list's plain counts: the pieces under every active filter but the list's own, by value. */
function plain(pieces: Map<number, Piece>, f: ItemFilters) {
  const passes = (p: Piece, except: string) =>
    (!f.gender || p.gender === f.gender) &&
    (except === 'category' || !f.category || p.category === f.category) &&
    (except === 'brand' || !f.brand || p.brand === f.brand) &&
    (except === 'colour' || !f.colour || p.colour === f.colour) &&
    (except === 'size' || !f.size || p.sizes.includes(f.size)) &&
    (except === 'occasion' || !f.occasion || p.occasions.includes(f.occasion)) &&
    (f.minPrice === undefined || p.price >= f.minPrice) &&
    (f.maxPrice === undefined || p.price <= f.maxPrice);
  const list = (except: string, valuesOf: (p: Piece) => string[], order?: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const p of pieces.values())
      if (passes(p, except)) for (const v of valuesOf(p)) counts.set(v, (counts.get(v) ?? 0) + 1);
    const keys = order ? order.filter((v) => counts.has(v)) : [...counts.keys()].sort();
    return keys.map((value) => ({ value, count: counts.get(value)! }));
  };
  return {
    total: [...pieces.values()].filter((p) => passes(p, '')).length,
    categories: list('category', (p) => [p.category]),
    brands: list('brand', (p) => [p.brand]),
    colours: list('colour', (p) => [p.colour]),
    sizes: list('size', (p) => p.sizes, SIZES),
    occasions: list('occasion', (p) => p.occasions.filter((o) => (OCCASIONS as readonly string[]).includes(o))),
  };
}

/** An index of the pieces, and `apply` for changes (null: the piece leaves), the pieces kept beside it. */
function catalogue(initial: Piece[]) {
  const ix = createCatalogueIndex();
  const pieces = new Map<number, Piece>();
  const apply = (changes: [number, Piece | null][]) => {
    // As the database gives them: one row per changed id, as it stands last.
    const batch = [...new Map(changes)];
    const rows: IndexedItem[] = [];
    const units: IndexedUnit[] = [];
    for (const [id, p] of batch) {
      if (!p) {
        pieces.delete(id);
        continue;
      }
      pieces.set(id, p);
      rows.push(rowOf(id, p));
      p.sizes.forEach((size, k) => units.push({ id: id * 10 + k, item_id: id, size }));
    }
    ix.apply(
      batch.map(([id]) => id),
      withUnits(rows, units),
    );
  };
  apply(initial.map((p, i) => [i + 1, p]));
  return { ix, pieces, apply };
}

const changesArb = fc.array(fc.tuple(fc.nat(), fc.option(pieceArb, { nil: null })), { maxLength: 60 });

/** Checks after the first pieces, a few changes one at a time (the orders moved in place), then the rest at once (sorted again). */
function afterChanges(
  initial: Piece[],
  changes: [number, Piece | null][],
  check: (c: ReturnType<typeof catalogue>) => void,
) {
  const c = catalogue(initial);
  check(c);
  const moved = changes.map(([n, p]) => [(n % (initial.length + 20)) + 1, p] as [number, Piece | null]);
  for (const change of moved.slice(0, 5)) c.apply([change]);
  check(c);
  c.apply(moved.slice(5));
  check(c);
}

/** A kept set of the filters holds the base of every list it may count, and its counts, size and pieces outside the range are its pieces'. */
function checkKept({ ix, pieces }: ReturnType<typeof catalogue>, f: ItemFilters) {
  const s = filterSetsOf(ix, f, null, null);
  // A base made when read is the set `without` makes, its size counted before or after.
  for (const except of [undefined, 'category', 'brand', 'colour', 'size', 'occasion', 'price'] as const) {
    const [counted, made] = [baseWithout(s, except), baseWithout(s, except)];
    expect(made.set().array()).toEqual(without(s, except).array());
    expect([counted.size(), made.size()]).toEqual([made.set().size(), made.set().size()]);
  }
  for (const [dims, k] of keptSets(ix, f, s)) {
    const set = k.set();
    expect(k.size).toBe(set.size());
    // Of a set widened past the price range, the pieces it holds outside the range.
    const priced = (id: number) =>
      pieces.get(id)!.price >= (f.minPrice ?? 0) && pieces.get(id)!.price <= (f.maxPrice ?? Infinity);
    if (k.outside) expect([...k.outside()].sort((a, b) => a - b)).toEqual(set.array().filter((id) => !priced(id)));
    // Of a set that is the AND of some of the index's sets, those sets.
    if (k.parts) expect(k.parts.reduce((a, p) => a.new_intersection(p)).array()).toEqual(set.array());
    for (const list of ['category', 'brand', 'colour', 'size', 'occasion'] as const)
      if (!dims.includes(list))
        expect(
          without(s, s.own[list] ? list : undefined)
            .new_difference(set)
            .isEmpty(),
        ).toBe(true);
    const walked = walk(set, ix.columns.records, ix.columns.tallySizes());
    // The kept counts may have room for more codes than the walk: those slots hold nothing.
    for (const name of ['category', 'brand', 'colour', 'sizes', 'occasions'] as const)
      expect([...k.counts()[name]].map((n, v) => n - (walked[name][v] ?? 0)).every((n) => n === 0)).toBe(true);
  }
}

describe('facet counts from kept sets', () => {
  it('a kept set holds the base of every list it may count, and its counts and size are those of its pieces', () => {
    fc.assert(
      fc.property(
        fc.array(pieceArb, { minLength: 300, maxLength: 1500 }),
        changesArb,
        filtersArb,
        (initial, changes, filters) => afterChanges(initial, changes, (c) => checkKept(c, filters as ItemFilters)),
      ),
      // A failure is reported as found: shrinking catalogues of up to 1,500 pieces takes minutes.
      { numRuns: 40, endOnFailure: true },
    );
  }, 30_000);

  it('a minimum above the maximum is an empty range: nothing counted, no piece outside it taken twice', () => {
    // One piece at each price from 100 to 499, so each range's edges fall at every place in a bucket.
    const pieces = Array.from({ length: 400 }, (_, i): Piece => ({
      gender: 'Women',
      category: i % 3 ? 'Dresses' : 'Coats',
      brand: BRANDS[i % 3]!,
      colour: i % 4 ? 'black' : 'red',
      occasions: ['party'],
      sizes: ['S', 'M'],
      price: 100 + i,
    }));
    const c = catalogue(pieces);
    for (let min = 102; min < 500; min += 7)
      for (const f of [
        { minPrice: min, maxPrice: min - 2 },
        { colour: 'black', minPrice: min, maxPrice: min - 1 },
      ]) {
        checkKept(c, f);
        const { total, categories, brands, colours, sizes, occasions } = facetCounts(c.ix, f, null, null);
        expect({ total, categories, brands, colours, sizes, occasions }).toEqual(plain(c.pieces, f));
      }
  });

  it('equal plain counting under every filter set, before and after pieces change, leave and come back', () => {
    fc.assert(
      fc.property(
        fc.array(pieceArb, { minLength: 300, maxLength: 1500 }),
        changesArb,
        fc.array(filtersArb, { minLength: 1, maxLength: 6 }),
        (initial, changes, filterSets) =>
          afterChanges(initial, changes, ({ ix, pieces }) => {
            for (const f of filterSets as ItemFilters[]) {
              const { total, categories, brands, colours, sizes, occasions } = facetCounts(ix, f, null, null);
              expect({ total, categories, brands, colours, sizes, occasions }).toEqual(plain(pieces, f));
            }
          }),
      ),
      // A failure is reported as found: shrinking catalogues of up to 1,500 pieces takes minutes.
      { numRuns: 40, endOnFailure: true },
    );
  }, 30_000);
});
