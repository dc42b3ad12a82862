import fc from 'fast-check';
import type { TypedFastBitSet } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SIZES } from '../../../domain/catalogue';
import { createCatalogueIndex, type IndexedItem, type IndexedUnit } from './catalogue-index';
import { dateSets, page, resultSet } from './index-query';
import { RECOMMENDED_WEIGHTS, blend, recommendedRanks, signalsOf, type Signals } from './ranking';

/*
 * The Recommended sort's properties (decision 0065): on any catalogue and filter, its order is a
 * permutation of the filtered pieces; a piece whose signals are all at least another's, one
 * strictly more, ranks above it; each signal lifts a piece when the rest are equal.
 */

const TODAY = '2026-12-01';
// Signals in thousandths (the catalogue's own differences are coarser: a rental, a tenth of a star, a day).
const unit = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
const signals = fc.record({ fit: unit, available: unit, popularity: unit, rating: unit, newness: unit });

const itemArb = fc.record({
  gender: fc.constantFrom('Women', 'Men'),
  category: fc.constantFrom(...CATEGORIES.slice(0, 4)),
  rental_count: fc.nat({ max: 200 }),
  rating: fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
  ageDays: fc.nat({ max: 120 }),
  sizes: fc.subarray([...SIZES.slice(0, 5)], { minLength: 1 }),
});

type ItemSpec = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function build(items: ItemSpec[]) {
  const rows: IndexedItem[] = [];
  const units: IndexedUnit[] = [];
  items.forEach((it, i) => {
    const id = i + 1;
    const created = new Date(Date.parse(TODAY) - it.ageDays * 86_400_000).toISOString();
    rows.push({
      id,
      status: 'active',
      name: `Piece ${id}`,
      brand: 'House',
      category: it.category,
      colour: 'black',
      gender: it.gender,
      description: '',
      tags: null,
      rental_price_cents: 5000,
      rating: it.rating,
      rental_count: it.rental_count,
      created_at: created,
    });
    for (const size of it.sizes) units.push({ id: units.length + 1, item_id: id, size });
  });
  const ix = createCatalogueIndex();
  ix.apply(
    rows.map((r) => r.id),
    rows,
    units,
  );
  return { ix, units };
}

/** Every id of a ranked list, following the cursor page by page as the service does. */
function walk(ix: ReturnType<typeof build>['ix'], set: TypedFastBitSet, ranks: Map<number, number>, limit: number) {
  const out: number[] = [];
  let after: { value: number; id: number } | null = null;
  for (;;) {
    const got = page(ix, set, 'relevance', ranks, after, limit);
    const shown = got.slice(0, limit);
    out.push(...shown.map((g) => g.id));
    if (got.length <= limit) return out;
    const last = shown[shown.length - 1]!;
    after = { value: last.score!, id: last.id };
  }
}

describe('Recommended ranking', () => {
  it('the weights are positive and sum to 1', () => {
    const w = Object.values(RECOMMENDED_WEIGHTS);
    expect(w.every((x) => x > 0)).toBe(true);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('a piece with signals at least as good, one strictly better, blends higher', () => {
    fc.assert(
      fc.property(signals, signals, (b, lift) => {
        const keys = Object.keys(b) as (keyof Signals)[];
        const a: Signals = { ...b };
        for (const k of keys) a[k] = Math.max(b[k], lift[k]);
        fc.pre(keys.some((k) => a[k] > b[k]));
        expect(blend(a)).toBeGreaterThan(blend(b));
      }),
    );
  });

  it('is a permutation of the filtered pieces, page by page, and in blend order', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 40 }),
        fc.option(fc.constantFrom('Women', 'Men'), { nil: undefined }),
        fc.subarray([...SIZES.slice(0, 5)]),
        fc.integer({ min: 1, max: 7 }),
        (items, gender, sizes, limit) => {
          const { ix } = build(items);
          const set = resultSet(ix, { gender }, null, null);
          const ranks = recommendedRanks(ix, set, { sizes, today: TODAY, held: dateSets(ix, []) });
          const ids = walk(ix, set, ranks, limit);
          expect([...ids].sort((a, b) => a - b)).toEqual(set.array().sort((a, b) => a - b));
          for (let n = 1; n < ids.length; n++) {
            const [x, y] = [ranks.get(ids[n - 1]!)!, ranks.get(ids[n]!)!];
            expect(x > y || (x === y && ids[n - 1]! < ids[n]!)).toBe(true);
          }
        },
      ),
    );
  });

  it('a piece that dominates another in the catalogue ranks above it', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 2, maxLength: 30 }),
        fc.subarray([...SIZES.slice(0, 5)]),
        (items, sizes) => {
          const { ix } = build(items);
          const set = resultSet(ix, {}, null, null);
          const ctx = { sizes, today: TODAY, held: dateSets(ix, []) };
          const ranks = recommendedRanks(ix, set, ctx);
          const order = walk(ix, set, ranks, 50);
          const popular = ix.order('popular');
          const max = ix.entries.get(popular[0]!)!.rentalCount;
          const idx = sizes.map((s) => SIZES.indexOf(s));
          const sig = (id: number) => signalsOf(ix.entries.get(id)!, ctx, max, idx);
          for (const a of order)
            for (const b of order) {
              const [sa, sb] = [sig(a), sig(b)];
              const keys = Object.keys(sa) as (keyof Signals)[];
              if (keys.every((k) => sa[k] >= sb[k]) && keys.some((k) => sa[k] > sb[k]))
                expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
            }
        },
      ),
    );
  });

  it('each signal lifts a piece when everything else is equal', () => {
    const base: ItemSpec = {
      gender: 'Women',
      category: CATEGORIES[0],
      rental_count: 10,
      rating: 4,
      ageDays: 100,
      sizes: ['XS'],
    };
    const cases: [string, Partial<ItemSpec>, string[], number[]][] = [
      ['fit: her size', { sizes: ['M'] }, ['M'], []],
      ['popularity', { rental_count: 50 }, [], []],
      ['rating', { rating: 4.8 }, [], []],
      ['newness', { ageDays: 3 }, [], []],
      // The first piece's only unit (id 1) held: the second, available, comes first.
      ['availability', {}, [], [1]],
    ];
    for (const [name, lift, sizes, booked] of cases) {
      const { ix } = build([base, { ...base, ...lift }]);
      const set = resultSet(ix, {}, null, null);
      const ranks = recommendedRanks(ix, set, { sizes, today: TODAY, held: dateSets(ix, booked) });
      expect(walk(ix, set, ranks, 10), name).toEqual([2, 1]);
    }
  });
});
