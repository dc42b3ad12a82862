import { PLAIN_CARD } from './index-rows.test-helpers';
import { unitCodes } from './unit-codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogueIndex, type IndexedItem } from './catalogue-index';
import type { ItemFilters } from './catalogue.repository';
import { facetCounts } from './facet-counts';

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
            ...PLAIN_CARD,
            units: unitCodes([{ id: i + 1, size: 'M' }]),
          }));
          ix.apply(
            rows.map((r) => r.id),
            rows,
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
