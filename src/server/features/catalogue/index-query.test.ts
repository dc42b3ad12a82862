import fc from 'fast-check';
import { TypedFastBitSet } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { createCatalogueIndex, ORDERS, type IndexedItem, type OrderName } from './catalogue-index';
import { inOrder, isSparse } from './index-query';
import { orderedPiece } from './index-rows.test-helpers';

/*
 * A list in a sort's order walks the order for the set's pieces, or, for a set sparse against the
 * order, sorts the set's own pieces (index-query.ts): both must give the same sequence, ties by id,
 * from the start or past any cursor.
 */
const PIECES = 400;
// Few distinct keys: many ties, which go to the id.
const row = (id: number): IndexedItem =>
  orderedPiece({
    id,
    status: 'active',
    rental_price_cents: 1000 * (1 + (id % 7)),
    rating: id % 3,
    rental_count: id % 5,
    created_at: `2026-1${id % 2}-0${1 + (id % 9)}T10:00:00.000Z`,
  });
const ix = createCatalogueIndex();
const ids = Array.from({ length: PIECES }, (_, i) => i + 1);
ix.apply(ids, ids.map(row), []);
const NAMES = Object.keys(ORDERS) as OrderName[];

const walk = (set: TypedFastBitSet, sort: OrderName) => ix.order(sort).filter((id) => set.has(id));

describe('a list in a sort order', () => {
  it('is the same sequence for sparse and dense sets, from the start and past any cursor', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: PIECES }), { maxLength: 120 }),
        fc.constantFrom(...NAMES),
        fc.nat(),
        (members, sort, at) => {
          const set = new TypedFastBitSet(members);
          const expected = walk(set, sort);
          expect([...inOrder(ix, set, sort, null, null)].map((e) => e.id)).toEqual(expected);
          if (expected.length === 0) return;
          // Past the cursor of a piece in the list.
          const cut = at % expected.length;
          const e = ix.entries.get(expected[cut]!)!;
          const after = { value: ORDERS[sort].key(e), id: e.id };
          expect([...inOrder(ix, set, sort, null, after)].map((x) => x.id)).toEqual(expected.slice(cut + 1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts only a set sparse against the order (both ways are exercised above)', () => {
    expect(isSparse(20, PIECES)).toBe(true);
    expect(isSparse(21, PIECES)).toBe(false);
    expect(isSparse(316, 100_000)).toBe(true);
    expect(isSparse(317, 100_000)).toBe(false);
  });
});
