import { PLAIN_CARD, withUnits } from './index-rows.test-helpers';
import type { IndexedUnit } from './unit-codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OCCASIONS, SIZES } from '../../../domain/catalogue';
import { createCatalogueIndex, type IndexedItem } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { facetCounts } from './facet-counts';
import { ItemColumns } from './item-columns';

/*
 * The columns the facet tallies read (item-columns.ts) are written with each entry, not read again
 * from the whole catalogue after a change. An index that has lived through changes (pieces edited,
 * retired, listed under ids past its arrays' ends), with facets asked for between them, must count
 * as the rule says for the catalogue where it ended up: each list's value counted over the pieces
 * under every other filter (written out plainly below).
 */

const CATEGORIES = ['Dresses', 'Jackets', 'Tops'];
const BRANDS = ['House', 'Atelier', 'Maison', 'Studio'];
const COLOURS = ['black', 'green', 'red', 'ivory'];

const factsArb = fc.record({
  gender: fc.constantFrom('Women', 'Men'),
  category: fc.constantFrom(...CATEGORIES),
  brand: fc.constantFrom(...BRANDS),
  colour: fc.constantFrom(...COLOURS),
  price: fc.integer({ min: 1, max: 900 }),
  sizes: fc.subarray([...SIZES]),
  occasions: fc.subarray([...OCCASIONS]),
});
type Facts = typeof factsArb extends fc.Arbitrary<infer T> ? T : never;

/** A change to the catalogue: a piece edited or listed (ids up to 5,000: past the first arrays' 1,024), or retired. */
const changeArb = fc.oneof(
  fc.record({ id: fc.integer({ min: 1, max: 60 }), facts: factsArb }),
  fc.record({ id: fc.integer({ min: 1000, max: 5000 }), facts: factsArb }),
  fc.record({ id: fc.integer({ min: 1, max: 60 }), facts: fc.constant(null) }),
);

const filtersArb = fc.record(
  {
    gender: fc.constantFrom('Women', 'Men'),
    category: fc.constantFrom(...CATEGORIES),
    brand: fc.constantFrom(...BRANDS),
    colour: fc.constantFrom(...COLOURS),
    size: fc.constantFrom(...SIZES),
    occasion: fc.constantFrom(...OCCASIONS),
    maxPrice: fc.integer({ min: 100, max: 900 }),
  },
  { requiredKeys: [] },
);

function row(id: number, f: Facts | null): IndexedItem {
  return {
    id,
    status: f ? 'active' : 'retired',
    name: `Piece ${id}`,
    brand: f?.brand ?? 'House',
    category: f?.category ?? 'Dresses',
    colour: f?.colour ?? 'black',
    gender: f?.gender ?? 'Women',
    description: '',
    tags: f && f.occasions.length > 0 ? f.occasions.join(',') : null,
    rental_price_cents: f?.price ?? 1,
    rating: 4,
    rental_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    ...PLAIN_CARD,
  };
}

type Listed = { value: string; count: number }[];
const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** The facet counts by their definition, from the pieces themselves. */
function plainCounts(pieces: [number, Facts][], f: Record<string, string | number | undefined>) {
  const passes = (p: Facts, skip: string) =>
    (!f.gender || p.gender === f.gender) &&
    (skip === 'category' || !f.category || p.category === f.category) &&
    (skip === 'brand' || !f.brand || p.brand === f.brand) &&
    (skip === 'colour' || !f.colour || p.colour === f.colour) &&
    (skip === 'size' || !f.size || p.sizes.includes(f.size as never)) &&
    (skip === 'occasion' || !f.occasion || p.occasions.includes(f.occasion as never)) &&
    (skip === 'price' || f.maxPrice === undefined || p.price <= Number(f.maxPrice));
  const tally = (skip: string, valuesOf: (p: Facts) => readonly string[]) => {
    const n = new Map<string, number>();
    for (const [, p] of pieces) if (passes(p, skip)) for (const v of valuesOf(p)) n.set(v, (n.get(v) ?? 0) + 1);
    return [...n].map(([value, count]) => ({ value, count }));
  };
  const priced = pieces.filter(([, p]) => passes(p, 'price')).map(([, p]) => p.price);
  return {
    total: pieces.filter(([, p]) => passes(p, '')).length,
    categories: tally('category', (p) => [p.category]).sort(byValue) as Listed,
    brands: tally('brand', (p) => [p.brand]).sort(byValue),
    colours: tally('colour', (p) => [p.colour]).sort(byValue),
    sizes: SIZES.flatMap((size) => tally('size', (p) => p.sizes).filter((c) => c.value === size)),
    occasions: tally('occasion', (p) => p.occasions).sort(byValue),
    price: priced.length ? { min: Math.min(...priced), max: Math.max(...priced) } : { min: null, max: null },
  };
}

let unitId = 0;
const unitsOf = (id: number, f: Facts | null): IndexedUnit[] =>
  (f?.sizes ?? []).map((size) => ({ id: ++unitId, item_id: id, size }));

/** Lists, edits or retires pieces (null: retired): each id's row and units as its facts say. */
function applyFacts(ix: ReturnType<typeof createCatalogueIndex>, facts: ReadonlyMap<number, Facts | null>): void {
  const ids = [...facts.keys()];
  ix.apply(
    ids,
    withUnits(
      ids.map((id) => row(id, facts.get(id)!)),
      ids.flatMap((id) => unitsOf(id, facts.get(id)!)),
    ),
  );
}

describe('item columns: facet counts after changes', () => {
  it('count by their definition over the catalogue where it ended up', () => {
    fc.assert(
      fc.property(
        fc.array(factsArb, { minLength: 40, maxLength: 60 }),
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.array(filtersArb, { minLength: 1, maxLength: 4 }),
        (start, batches, filterSets) => {
          const live = createCatalogueIndex();
          const now = new Map<number, Facts | null>(start.map((f, i) => [i + 1, f]));
          applyFacts(live, now);
          for (const batch of batches) {
            // Counted before the change, so whatever a count keeps is in place when it comes.
            for (const f of filterSets) facetCounts(live, f as ItemFilters, null, null);
            const last = new Map(batch.map((c) => [c.id, c.facts]));
            for (const [id, facts] of last) now.set(id, facts);
            applyFacts(live, last);
          }
          const pieces = [...now].filter((p): p is [number, Facts] => p[1] !== null);
          for (const f of [{}, ...filterSets])
            expect(facetCounts(live, f as ItemFilters, null, null)).toEqual(plainCounts(pieces, f));
        },
      ),
      { numRuns: 60 },
    );
    // 1.5-3.6 s alone; the default 5 s is too short while CI runs the other suites beside it.
  }, 30_000);

  // A list that is most of its tab (a gender's pieces, or every piece) is counted as the tab's kept
  // counts less a walk of its other pieces: on a catalogue large enough for that to be the cheapest
  // way (a price cap that leaves out a few), after pieces are edited and retired.
  it('count by their definition when a list is most of its tab', () => {
    fc.assert(
      fc.property(
        fc.array(factsArb, { minLength: 1500, maxLength: 2000 }),
        fc.array(changeArb, { minLength: 1, maxLength: 30 }),
        fc.array(
          fc.record(
            { gender: fc.constantFrom('Women', 'Men'), maxPrice: fc.integer({ min: 750, max: 900 }) },
            { requiredKeys: ['maxPrice'] },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        (start, batch, filterSets) => {
          const live = createCatalogueIndex();
          const now = new Map<number, Facts | null>(start.map((f, i) => [i + 1, f]));
          applyFacts(live, now);
          const last = new Map(batch.map((c) => [c.id, c.facts]));
          for (const [id, facts] of last) now.set(id, facts);
          applyFacts(live, last);
          const pieces = [...now].filter((p): p is [number, Facts] => p[1] !== null);
          for (const f of filterSets)
            expect(facetCounts(live, f as ItemFilters, null, null)).toEqual(plainCounts(pieces, f));
        },
      ),
      // A failure is reported as found: shrinking a catalogue of 2,000 pieces takes minutes.
      { numRuns: 15, endOnFailure: true },
    );
    // 1.8-2.3 s alone, 5.3 s once while CI ran the other suites beside it.
  }, 30_000);
});

describe('item columns, a field in A to Z order', () => {
  it('lists its codes by name, again once a name is added after it was asked', () => {
    const columns = new ItemColumns();
    const piece = (id: number, brand: string) =>
      columns.set({ id, gender: 'Women', category: 'Dresses', brand, colour: 'black', price: 100, occasions: 0 }, 0);
    piece(1, 'Maison');
    piece(2, 'Atelier');
    const names = () => Array.from(columns.alphabetical('brand'), (code) => columns.names('brand')[code]);
    expect(names()).toEqual(['Atelier', 'Maison']);
    piece(3, 'Zed');
    piece(4, 'Bottega');
    expect(names()).toEqual(['Atelier', 'Bottega', 'Maison', 'Zed']);
  });
});

describe('facet counts, the price range of a set sparse at both ends of the price order', () => {
  // Men's pieces take the cheapest and the dearest prices, so a woman's first piece in either price
  // order lies past the few steps walked from each end: her range is found through the buckets.
  it('is the least and greatest price of the pieces under the other filters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 1500 }),
        fc.array(fc.tuple(fc.constantFrom(...CATEGORIES), fc.integer({ min: 1000, max: 5000 })), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.constantFrom(...CATEGORIES),
        (men, women, category) => {
          const facts = new Map<number, Facts>();
          const base = { brand: 'House', colour: 'black', sizes: [], occasions: [] };
          for (let i = 0; i < men; i++)
            facts.set(i + 1, { ...base, gender: 'Men', category: 'Tops', price: i % 2 ? 10 + i : 90_000 + i });
          women.forEach(([cat, price], i) =>
            facts.set(men + 1 + i * 7, { ...base, gender: 'Women', category: cat, price }),
          );
          const ix = createCatalogueIndex();
          applyFacts(ix, facts);
          for (const f of [{ gender: 'Women' }, { gender: 'Women', category }])
            expect(facetCounts(ix, f as ItemFilters, null, null).price, JSON.stringify(f)).toEqual(
              plainCounts([...facts], f).price,
            );
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
  }, 30_000);
});
