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
// Few distinct keys: many ties, which go to the id. `shift` moves a piece's keys (a change).
// Categories that follow the price in part, as a real catalogue's do; a move can change a piece's category.
const CATEGORIES = ['Dresses', 'Tops', 'Shoes', 'Coats'];
const row = (id: number, shift = 0): IndexedItem => ({
  ...orderedPiece({
    id,
    status: 'active',
    rental_price_cents: 1000 * (1 + ((id + shift) % 7)),
    rating: (id + shift) % 3,
    rental_count: (id + shift) % 5,
    created_at: `2026-1${(id + shift) % 2}-0${1 + ((id + shift) % 9)}T10:00:00.000Z`,
  }),
  category: CATEGORIES[((id + shift) % 7) % 4]!,
});
const ix = createCatalogueIndex();
const ids = Array.from({ length: PIECES }, (_, i) => i + 1);
ix.apply(ids, ids.map(row));
const NAMES = Object.keys(ORDERS) as OrderName[];

const walk = (set: TypedFastBitSet, sort: OrderName) => ix.order(sort).filter((id) => set.has(id));

describe('a list in a sort order', () => {
  it('is the same sequence for sparse and dense sets, from the start and past any cursor, after pieces move', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: PIECES }), { maxLength: 120 }),
        fc.constantFrom(...NAMES),
        fc.nat(),
        // A few pieces' keys change: each moves in the orders already sorted (a new array each time).
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: PIECES }), fc.nat(20)), {
          maxLength: 3,
          selector: ([id]) => id,
        }),
        (members, sort, at, moves) => {
          ix.apply(
            moves.map(([id]) => id),
            moves.map(([id, shift]) => row(id, shift)),
          );
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

  it("is the same sequence when a category's own order is walked, as pieces move in and out of it", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: PIECES }), { minLength: 30, maxLength: 300 }),
        fc.constantFrom(...NAMES),
        fc.constantFrom(...CATEGORIES),
        fc.nat(),
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: PIECES }), fc.nat(20)), {
          maxLength: 3,
          selector: ([id]) => id,
        }),
        (members, sort, category, at, moves) => {
          // Asked before and after the moves: an order narrowed before them must not be walked after.
          const within = () => ix.categories.get(category) ?? new TypedFastBitSet();
          const check = () => {
            const set = new TypedFastBitSet(members).intersection(within());
            const expected = walk(set, sort);
            expect([...inOrder(ix, set, sort, null, null, within())].map((e) => e.id)).toEqual(expected);
            if (expected.length === 0) return;
            const cut = at % expected.length;
            const e = ix.entries.get(expected[cut]!)!;
            const after = { value: ORDERS[sort].key(e), id: e.id };
            expect([...inOrder(ix, set, sort, null, after, within())].map((x) => x.id)).toEqual(
              expected.slice(cut + 1),
            );
          };
          check();
          ix.apply(
            moves.map(([id]) => id),
            moves.map(([id, shift]) => row(id, shift)),
          );
          check();
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
