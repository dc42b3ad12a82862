import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogueIndex, type IndexedItem, type IndexedUnit } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { TypedFastBitSet } from 'typedfastbitset';
import { facetCounts, walk, type Column } from './facet-counts';

/*
 * The price range of a facet count (the cheapest and dearest piece under every other filter) is
 * found from the price orders' ends when the set is dense there, else from the set's own prices.
 * Here prices follow gender (every man's piece dearer than every woman's), so a walk from the dear
 * end for a women's list passes hundreds of men's pieces and the second way answers: both ways must
 * give the plain minimum and maximum.
 */

const BRANDS = ['House', 'Atelier', 'Maison', 'Studio', 'Line'];
const COLOURS = ['black', 'green', 'red'];

const pieceArb = fc.record({
  gender: fc.constantFrom('Women', 'Men'),
  brand: fc.constantFrom(...BRANDS),
  colour: fc.constantFrom(...COLOURS),
  price: fc.integer({ min: 1, max: 5000 }),
});

describe('facet counts: the price range', () => {
  it('is the least and greatest price of the pieces under the other filters, dense or sparse at either end', () => {
    fc.assert(
      fc.property(
        fc.array(pieceArb, { minLength: 600, maxLength: 700 }),
        fc.record(
          {
            gender: fc.constantFrom('Women', 'Men'),
            brand: fc.constantFrom(...BRANDS),
            colour: fc.constantFrom(...COLOURS),
            minPrice: fc.integer({ min: 0, max: 8000 }),
          },
          { requiredKeys: [] },
        ),
        (pieces, filters) => {
          const ix = createCatalogueIndex();
          const rows: IndexedItem[] = pieces.map((p, i) => ({
            id: i + 1,
            status: 'active',
            name: `Piece ${i + 1}`,
            brand: p.brand,
            category: 'Dresses',
            colour: p.colour,
            gender: p.gender,
            description: '',
            tags: null,
            // Every man's piece dearer than every woman's.
            rental_price_cents: p.gender === 'Men' ? 10_000 + p.price : p.price,
            rating: 4,
            rental_count: 0,
            created_at: '2026-11-01T00:00:00.000Z',
          }));
          const units: IndexedUnit[] = rows.map((r) => ({ id: r.id, item_id: r.id, size: 'M' }));
          ix.apply(
            rows.map((r) => r.id),
            rows,
            units,
          );
          const f = filters as ItemFilters;
          // The price filter is the range's own: it is not applied to the range shown.
          const under = rows.filter(
            (r) =>
              (!f.gender || r.gender === f.gender) &&
              (!f.brand || r.brand === f.brand) &&
              (!f.colour || r.colour === f.colour),
          );
          const prices = under.map((r) => r.rental_price_cents);
          expect(facetCounts(ix, f, null, null).price).toEqual(
            prices.length === 0 ? { min: null, max: null } : { min: Math.min(...prices), max: Math.max(...prices) },
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

/*
 * A walk tallies a list's values over the items of its base (facet-counts.ts): code columns three to
 * a loop, bit columns four bits at a time in 8-bit lanes emptied every 255 items. Over bases of up
 * to 3,000 ids, with columns dense enough to fill a lane, the tallies must be the plain count of
 * each value over the base's ids.
 */
describe('facet counts: a walk', () => {
  const bitsArb = fc.oneof(fc.constant(0xffff), fc.integer({ min: 0, max: 0xffff }));
  it('tallies each code and each bit of the base ids, as plain counting does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.infiniteStream(
          fc.tuple(fc.integer({ min: -1, max: 40 }), bitsArb, fc.double({ min: 0, max: 1, noNaN: true })),
        ),
        (n, codeCols, bitCols, density, draws) => {
          const slots = [...draws.take(n)];
          const base = new TypedFastBitSet(slots.flatMap((s, id) => (s[2] < density ? [id] : [])));
          const columns: Column[] = [
            ...Array.from({ length: codeCols }, (_, c) => ({
              codes: Int32Array.from(slots, (s) => (s[0] + c >= 41 ? -1 : s[0] + c)),
              tally: new Int32Array(41),
            })),
            ...Array.from({ length: bitCols }, (_, b) => ({
              bits: Uint32Array.from(slots, (s) => (b === 0 ? s[1] : s[1] >>> 3)),
              tally: new Int32Array(16),
            })),
          ];
          walk(base, columns);
          for (const col of columns) {
            const plain = new Int32Array(col.tally.length);
            base.forEach((id) => {
              if ('codes' in col) {
                if (col.codes[id]! >= 0) plain[col.codes[id]!]!++;
              } else for (let k = 0; k < 16; k++) if ((col.bits[id]! >>> k) & 1) plain[k]!++;
            });
            expect([...col.tally]).toEqual([...plain]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
