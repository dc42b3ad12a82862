import { orderedPiece } from './index-rows.test-helpers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIn, createCatalogueIndex, ORDERS, type IndexedItem, type OrderName } from './catalogue-index';

/*
 * The index keeps each sort's order as pieces change: a few changed pieces are moved in the
 * orders already sorted, a larger change sorts again. Either way an order is exactly the full
 * sort of the active pieces (a piece given twice in a change is there once, as its last row), and
 * an order handed out before a change is left as it was.
 */
const pieceArb = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  active: fc.boolean(),
  // Few distinct keys: many ties, which go to the id.
  price: fc.constantFrom(3000, 5000, 9000),
  rating: fc.constantFrom(0, 4, 5),
  rentals: fc.nat({ max: 3 }),
  day: fc.constantFrom('2026-10-01', '2026-11-01'),
});
type Piece = typeof pieceArb extends fc.Arbitrary<infer T> ? T : never;

const row = (p: Piece): IndexedItem =>
  orderedPiece({
    id: p.id,
    status: p.active ? 'active' : 'retired',
    rental_price_cents: p.price,
    rating: p.rating,
    rental_count: p.rentals,
    created_at: `${p.day}T10:00:00.000Z`,
  });

const NAMES = Object.keys(ORDERS) as OrderName[];

describe('catalogue index orders', () => {
  it('equal the full sort after any changes, small or large, and leave a handed-out order alone', () => {
    fc.assert(
      fc.property(
        fc.array(pieceArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.array(pieceArb, { minLength: 1, maxLength: 40 }), { maxLength: 6 }),
        (first, changes) => {
          const ix = createCatalogueIndex();
          // An id may come twice in a change: its last row stands.
          const apply = (ps: Piece[]) =>
            ix.apply(
              ps.map((p) => p.id),
              ps.map(row),
            );
          apply(first);
          for (const change of changes) {
            const before = NAMES.map((n) => ix.order(n));
            const copies = before.map((ids) => [...ids]);
            apply(change);
            before.forEach((ids, i) => expect(ids).toEqual(copies[i]));
            for (const name of NAMES) {
              const sorted = [...ix.entries.values()].sort((a, b) => compareIn(name, a, b)).map((e) => e.id);
              expect(ix.order(name)).toEqual(sorted);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
