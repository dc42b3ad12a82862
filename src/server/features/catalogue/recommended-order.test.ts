import { PLAIN_CARD, withUnits } from './index-rows.test-helpers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIZES } from '../../../domain/catalogue';
import type { TypedFastBitSet } from 'typedfastbitset';
import { createCatalogueIndex, type CatalogueIndex, type IndexedItem } from './catalogue-index';
import type { IndexedUnit } from './unit-codes';
import { dateSets, resultSet, takePage } from './index-query';
import { blendOf, catalogueMaxima, cataloguePart, prepareRanking, type PreparedRanking } from './ranking';
import { catalogueOrder, recommendedOrder } from './recommended-order';

/*
 * The Recommended walk (decision 0073) hands out exactly the full sort's order (blend descending,
 * then id), page by page through the cursor, whatever the batch size, her sizes, her favorites
 * and the units held; and asks the bookings only about pieces of the set.
 */
const TODAY = '2026-12-01';
const day = (n: number) => new Date(Date.parse(TODAY) - n * 86_400_000).toISOString();

const itemArb = fc.record({
  gender: fc.constantFrom('Women', 'Men'),
  brand: fc.constantFrom('House', 'Atelier', 'Maison'),
  colour: fc.constantFrom('black', 'green'),
  tags: fc.constantFrom('', 'party', 'work,wedding'),
  likes: fc.nat({ max: 5 }),
  rented: fc.array(fc.nat({ max: 120 }), { maxLength: 3 }),
  // Few distinct ratings and ages: many equal blends, so ties go to the id.
  rating: fc.constantFrom(0, 3.5, 4, 5),
  age: fc.constantFrom(1, 30, 100),
  sizes: fc.subarray([...SIZES.slice(0, 4)], { minLength: 1 }),
});

type Spec = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

/** The rows, units and activity of pieces `ids` as `specs` say (null: retired). */
function rowsOf(ids: number[], specs: (Spec | null)[], firstUnit = 1) {
  const rows: IndexedItem[] = [];
  const units: IndexedUnit[] = [];
  const likes: { item_id: number; n: number }[] = [];
  const rentals: { item_id: number; created_at: string }[] = [];
  specs.forEach((s, i) => {
    const id = ids[i]!;
    rows.push({
      id,
      status: s ? 'active' : 'retired',
      name: `Piece ${id}`,
      brand: s?.brand ?? 'House',
      category: 'Dresses',
      colour: s?.colour ?? 'black',
      gender: s?.gender ?? 'Women',
      description: '',
      tags: s?.tags || null,
      rental_price_cents: 5000,
      rating: s?.rating ?? 0,
      rental_count: 0,
      created_at: day(s?.age ?? 1),
      ...PLAIN_CARD,
    });
    for (const size of s?.sizes ?? []) units.push({ id: firstUnit + units.length, item_id: id, size });
    if (s?.likes) likes.push({ item_id: id, n: s.likes });
    for (const d of s?.rented ?? []) rentals.push({ item_id: id, created_at: day(d) });
  });
  return { rows, units, activity: { likes, rentals } };
}

function build(specs: Spec[]) {
  const ids = specs.map((_, i) => i + 1);
  const { rows, units, activity } = rowsOf(ids, specs);
  const ix = createCatalogueIndex();
  ix.apply(ids, withUnits(rows, units), activity);
  return { ix, units };
}

/** Her whole Recommended order of `set`, a page at a time (by default: no sizes, no taste, nothing held). */
async function walkAll(
  ix: CatalogueIndex,
  set: TypedFastBitSet,
  limit: number,
  ranking: Pick<PreparedRanking, 'sizeIndexes' | 'taste'> = { sizeIndexes: [], taste: null },
  bookedOf: (itemIds: number[]) => Promise<readonly number[]> = async () => [],
  firstBatch?: number,
): Promise<number[]> {
  const got: number[] = [];
  let after: { value: number; id: number } | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const order = recommendedOrder(ix, set, ranking, TODAY, after, bookedOf, firstBatch);
    const page = await takePage(order, limit);
    const shown = page.slice(0, limit);
    got.push(...shown.map((p) => p.id));
    if (page.length <= limit) break;
    const last = shown[shown.length - 1]!;
    after = { value: last.score, id: last.id };
  }
  return got;
}

/** The definition: every piece of the set blended, sorted (blend descending, then id). */
function fullSort(
  ix: CatalogueIndex,
  set: TypedFastBitSet,
  full = prepareRanking(ix, { sizes: [], liked: [], today: TODAY, held: null }),
): number[] {
  return set
    .array()
    .map((id) => ({ id, blend: blendOf(ix.entries.get(id)!, full) }))
    .sort((a, b) => b.blend - a.blend || a.id - b.id)
    .map((x) => x.id);
}

/** The catalogue's order itself, ties included, is the whole sort's, on the maxima as they are now. */
function expectWholeOrder(ix: CatalogueIndex) {
  const m = catalogueMaxima(ix, TODAY);
  const whole = [...ix.entries.values()]
    .map((e) => ({ id: e.id, part: cataloguePart(e, m) }))
    .sort((a, b) => b.part - a.part || a.id - b.id);
  const order = catalogueOrder(ix, TODAY);
  expect(order.maxima).toEqual(m);
  expect([...order.ids]).toEqual(whole.map((x) => x.id));
  expect([...order.parts]).toEqual(whole.map((x) => x.part));
}

/** A plain piece with these likes and rentals (days ago). */
const piece = (likes: number, rented: number[]): Spec => ({
  gender: 'Women',
  brand: 'House',
  colour: 'black',
  tags: '',
  likes,
  rented,
  rating: 4,
  age: 30,
  sizes: ['S'],
});

/** Applies one piece's change to `ix`, then checks its catalogue order against the whole sort. */
function changer(ix: CatalogueIndex) {
  let unit = 1000;
  return (id: number, spec: Spec) => {
    const { rows, units, activity } = rowsOf([id], [spec], unit);
    unit += units.length;
    ix.apply([id], withUnits(rows, units), activity);
    expectWholeOrder(ix);
  };
}

describe('the Recommended walk', () => {
  it('is the full sort of the blends, page by page, for any batch, sizes, favorites and holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 40 }),
        fc.option(fc.constantFrom('Women', 'Men'), { nil: undefined }),
        fc.subarray([...SIZES.slice(0, 4)]),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (specs, gender, sizes, liked, heldUnits, limit, firstBatch) => {
          const { ix, units } = build(specs);
          const set = resultSet(ix, { gender }, null, null);
          const held = heldUnits.filter((u) => u <= units.length);
          // The definition: every piece of the set blended with every hold known, sorted.
          const full = prepareRanking(ix, { sizes, liked, today: TODAY, held: dateSets(ix, held) });
          const expected = fullSort(ix, set, full);
          const asked: number[] = [];
          const bookedOf = async (itemIds: number[]) => {
            asked.push(...itemIds);
            return held.filter((u) => itemIds.includes(units[u - 1]!.item_id));
          };
          const { sizeIndexes, taste } = full;
          const got = await walkAll(ix, set, limit, { sizeIndexes, taste }, bookedOf, firstBatch);
          expect(got).toEqual(expected);
          expect(asked.every((id) => set.has(id))).toBe(true);
        },
      ),
    );
  });

  it('blends only a little more than a page of a large catalogue', async () => {
    const { ix } = build(
      Array.from({ length: 5000 }, (_, i): Spec => ({
        gender: 'Women',
        brand: 'House',
        colour: 'black',
        tags: '',
        likes: i % 7,
        rented: [],
        rating: [0, 3.5, 4, 5][i % 4] as 0 | 3.5 | 4 | 5,
        age: 100,
        sizes: ['S'],
      })),
    );
    const set = resultSet(ix, {}, null, null);
    let asked = 0;
    const order = recommendedOrder(ix, set, { sizeIndexes: [], taste: null }, TODAY, null, async (ids) => {
      asked += ids.length;
      return [];
    });
    expect(await takePage(order, 24)).toHaveLength(25);
    expect(asked).toBeLessThan(500);
  });

  it('stays the full sort while pieces change between requests (liked, rented, edited, listed, retired)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 5, maxLength: 40 }),
        fc.array(
          fc.array(fc.record({ id: fc.integer({ min: 1, max: 50 }), spec: fc.option(itemArb, { freq: 4 }) }), {
            minLength: 1,
            maxLength: 4,
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 1, max: 6 }),
        async (specs, batches, limit) => {
          const { ix } = build(specs);
          let unit = 10_000;
          for (const batch of batches) {
            // Walked before each change: the order worked out is the one the change must bring up to date.
            await walkAll(ix, resultSet(ix, {}, null, null), limit);
            const last = new Map(batch.map((c) => [c.id, c.spec]));
            const ids = [...last.keys()];
            const { rows, units, activity } = rowsOf(ids, [...last.values()], unit);
            unit += units.length;
            ix.apply(ids, withUnits(rows, units), activity);
            const set = resultSet(ix, {}, null, null);
            expect(await walkAll(ix, set, limit)).toEqual(fullSort(ix, set));
            expectWholeOrder(ix);
          }
        },
      ),
    );
  });

  it('reads the maxima again when the only piece at one of them comes down, or a piece passes one', () => {
    const { ix } = build([piece(5, [1, 2]), piece(2, [1]), piece(1, []), piece(0, [3])]);
    expectWholeOrder(ix);
    const change = changer(ix);
    change(1, piece(3, [1, 2])); // the most liked comes down to 3: the most is now 3
    change(2, piece(2, [])); // the piece at none of the maxima changes: they stand
    change(3, piece(7, [])); // a piece passes the most liked
    change(4, piece(0, [1, 2, 3])); // and the most rented
    change(3, piece(1, [])); // the only one at the most liked comes down again
    change(2, piece(3, [])); // a piece reaches the most liked (3, as piece 1): two at the most
    change(1, piece(0, [1, 2])); // one of them comes down: the other holds the most
    change(2, piece(0, [])); // and the last one too
  });

  it('reads the maxima again when the first like or the first recent rental comes', () => {
    const { ix } = build([piece(0, []), piece(0, []), piece(0, []), piece(0, [])]);
    expectWholeOrder(ix);
    const change = changer(ix);
    change(4, piece(1, [])); // the first like
    change(3, piece(0, [2])); // the first rental in the window
  });
});
