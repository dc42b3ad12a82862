import { PLAIN_CARD, withUnits } from './index-rows.test-helpers';
import fc from 'fast-check';
import type { TypedFastBitSet } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SIZES } from '../../../domain/catalogue';
import { createCatalogueIndex, type IndexedActivity, type IndexedItem } from './catalogue-index';
import type { IndexedUnit } from './unit-codes';
import { dateSets, page, resultSet } from './index-query';
import {
  CLOSE_WEIGHTS,
  RECENT_DAYS,
  RECOMMENDED_WEIGHTS,
  blend,
  blendOf,
  prepareRanking,
  recommendedRanks,
  signalsOf,
  type Signals,
} from './ranking';

/*
 * The Recommended sort's properties (decision 0065): on any catalogue and filter, its order is a
 * permutation of the filtered pieces; a piece whose signals are all at least another's, one
 * strictly more, ranks above it; each signal lifts a piece when the rest are equal.
 */

const TODAY = '2026-12-01';
// Signals in thousandths (the catalogue's own differences are coarser: a rental, a tenth of a star, a day).
const unit = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
const signals = fc.record({
  fit: unit,
  available: unit,
  close: unit,
  rented: unit,
  loved: unit,
  rating: unit,
  newness: unit,
});

const itemArb = fc.record({
  gender: fc.constantFrom('Women', 'Men'),
  category: fc.constantFrom(...CATEGORIES.slice(0, 4)),
  brand: fc.constantFrom('House', 'Atelier'),
  colour: fc.constantFrom('black', 'green'),
  tags: fc.constantFrom('', 'party', 'work,wedding'),
  rental_count: fc.nat({ max: 200 }),
  /** Favorites. */
  likes: fc.nat({ max: 30 }),
  /** Its counted rentals, made this many days before today (RECENT_DAYS and more do not count). */
  rentedDaysAgo: fc.array(fc.nat({ max: 120 }), { maxLength: 6 }),
  rating: fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
  ageDays: fc.nat({ max: 120 }),
  sizes: fc.subarray([...SIZES.slice(0, 5)], { minLength: 1 }),
});

type ItemSpec = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function build(items: ItemSpec[]) {
  const rows: IndexedItem[] = [];
  const units: IndexedUnit[] = [];
  const activity: { likes: { item_id: number; n: number }[]; rentals: { item_id: number; created_at: string }[] } = {
    likes: [],
    rentals: [],
  };
  const daysBefore = (n: number) => new Date(Date.parse(TODAY) - n * 86_400_000).toISOString();
  items.forEach((it, i) => {
    const id = i + 1;
    const created = daysBefore(it.ageDays);
    rows.push({
      id,
      status: 'active',
      name: `Piece ${id}`,
      brand: it.brand,
      category: it.category,
      colour: it.colour,
      gender: it.gender,
      description: '',
      tags: it.tags || null,
      rental_price_cents: 5000,
      rating: it.rating,
      rental_count: it.rental_count,
      created_at: created,
      ...PLAIN_CARD,
    });
    for (const size of it.sizes) units.push({ id: units.length + 1, item_id: id, size });
    if (it.likes) activity.likes.push({ item_id: id, n: it.likes });
    for (const d of it.rentedDaysAgo) activity.rentals.push({ item_id: id, created_at: daysBefore(d) });
  });
  const ix = createCatalogueIndex();
  ix.apply(
    rows.map((r) => r.id),
    withUnits(rows, units),
    activity satisfies IndexedActivity,
  );
  return { ix, units };
}

/** Every id of a ranked list, following the cursor page by page as the service does. */
function walk(ix: ReturnType<typeof build>['ix'], set: TypedFastBitSet, ranks: Map<number, number>, limit: number) {
  const byId = [...ranks].sort((a, b) => a[0] - b[0]);
  const ranked = {
    ids: Int32Array.from(byId, (r) => r[0]),
    ranks: Float64Array.from(byId, (r) => r[1]),
    n: byId.length,
  };
  const out: number[] = [];
  let after: { value: number; id: number } | null = null;
  for (;;) {
    const got = page(ix, set, 'relevance', ranked, after, limit);
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
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
        (items, gender, sizes, limit, liked) => {
          const { ix } = build(items);
          const set = resultSet(ix, { gender }, null, null);
          const ranks = recommendedRanks(ix, set, { sizes, liked, today: TODAY, held: dateSets(ix, []) });
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

  it('the blend of a piece is the blend of its signals, to the last bit', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 30 }),
        fc.subarray([...SIZES.slice(0, 5)]),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 4 }),
        (items, sizes, liked) => {
          const { ix } = build(items);
          const prepared = prepareRanking(ix, { sizes, liked, today: TODAY, held: dateSets(ix, [1, 2]) });
          for (const e of ix.entries.values()) expect(blendOf(e, prepared)).toBe(blend(signalsOf(e, prepared)));
        },
      ),
    );
  });

  it('a piece that dominates another in the catalogue ranks above it', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 2, maxLength: 30 }),
        fc.subarray([...SIZES.slice(0, 5)]),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 4 }),
        (items, sizes, liked) => {
          const { ix } = build(items);
          const set = resultSet(ix, {}, null, null);
          const ctx = { sizes, liked, today: TODAY, held: dateSets(ix, []) };
          const ranks = recommendedRanks(ix, set, ctx);
          const order = walk(ix, set, ranks, 50);
          const prepared = prepareRanking(ix, ctx);
          const sig = (id: number) => signalsOf(ix.entries.get(id)!, prepared);
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
      brand: 'House',
      colour: 'black',
      tags: '',
      rental_count: 10,
      likes: 0,
      rentedDaysAgo: [],
      rating: 4,
      ageDays: 100,
      sizes: ['XS'],
    };
    // [name, the lifted piece (2), a third piece, her sizes, her favorites, units held]
    const cases: [string, Partial<ItemSpec>, Partial<ItemSpec> | null, string[], number[], number[]][] = [
      ['fit: her size', { sizes: ['M'] }, null, ['M'], [], []],
      ['rented in the last 90 days', { rentedDaysAgo: [3, RECENT_DAYS - 1] }, null, [], [], []],
      ['loved: in favorites', { likes: 2 }, null, [], [], []],
      ['rating', { rating: 4.8 }, null, [], [], []],
      ['newness', { ageDays: 3 }, null, [], [], []],
      // Her favorite (3) is an Atelier piece in green: the Atelier piece in green is closer.
      [
        'close to what she liked',
        { brand: 'Atelier', colour: 'green' },
        { brand: 'Atelier', colour: 'green' },
        [],
        [3],
        [],
      ],
      // The first piece's only unit (id 1) held: the second, available, comes first.
      ['availability', {}, null, [], [], [1]],
    ];
    for (const [name, lift, third, sizes, liked, booked] of cases) {
      const { ix } = build([
        base,
        { ...base, ...lift },
        ...(third ? [{ ...base, ...third, category: CATEGORIES[1] }] : []),
      ]);
      const set = resultSet(ix, { category: CATEGORIES[0] }, null, null);
      const ranks = recommendedRanks(ix, set, { sizes, liked, today: TODAY, held: dateSets(ix, booked) });
      expect(walk(ix, set, ranks, 10), name).toEqual([2, 1]);
    }
  });

  it('rentals from RECENT_DAYS ago and before do not count', () => {
    const base: ItemSpec = {
      gender: 'Women',
      category: CATEGORIES[0],
      brand: 'House',
      colour: 'black',
      tags: '',
      rental_count: 10,
      likes: 0,
      rentedDaysAgo: [],
      rating: 4,
      ageDays: 100,
      sizes: ['XS'],
    };
    const { ix } = build([base, { ...base, rentedDaysAgo: [RECENT_DAYS, RECENT_DAYS + 30] }]);
    const set = resultSet(ix, {}, null, null);
    const ranks = recommendedRanks(ix, set, { sizes: [], today: TODAY, held: dateSets(ix, []) });
    expect(walk(ix, set, ranks, 10)).toEqual([1, 2]);
    expect(Object.values(CLOSE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });
});
