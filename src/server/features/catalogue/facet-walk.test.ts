import fc from 'fast-check';
import { TypedFastBitSet } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { walk } from './facet-walk';
import { BITS, BRAND, FIELDS, RECORD } from './item-columns';

/*
 * A walk tallies every list over the pieces of a set (facet-walk.ts): the codes from each piece's
 * record, the size and occasion bits four at a time in 8-bit lanes emptied every 255 pieces. Over
 * sets of up to 3,000 ids, with bits dense enough to fill a lane, each tally must be the plain count
 * of each value over the set's ids.
 */
describe('facet walk', () => {
  const bitsArb = fc.oneof(fc.constant(0xffff), fc.integer({ min: 0, max: 0xffff }));
  const pieceArb = fc.record({
    category: fc.integer({ min: 0, max: 40 }),
    brand: fc.integer({ min: 0, max: 300 }),
    colour: fc.integer({ min: 0, max: 60 }),
    sizes: bitsArb,
    occasions: bitsArb,
  });
  it('tallies each code and each bit of the set ids, as plain counting does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.infiniteStream(fc.tuple(pieceArb, fc.double({ min: 0, max: 1, noNaN: true }))),
        (n, density, draws) => {
          const pieces = [...draws.take(n)].map(([piece, draw]) => ({ ...piece, draw }));
          const records = new Uint32Array(n * RECORD);
          pieces.forEach((p, id) => {
            records[id * RECORD + BRAND] = p.brand;
            records[id * RECORD + FIELDS] = (p.category << 16) | p.colour;
            records[id * RECORD + BITS] = (p.occasions << 16) | p.sizes;
          });
          const set = new TypedFastBitSet(pieces.flatMap((p, id) => (p.draw < density ? [id] : [])));
          const got = walk(set, records, { category: 41, brand: 301, colour: 61 });
          const plain = {
            category: new Int32Array(41),
            brand: new Int32Array(301),
            colour: new Int32Array(61),
            sizes: new Int32Array(16),
            occasions: new Int32Array(16),
          };
          set.forEach((id) => {
            const p = pieces[id]!;
            plain.category[p.category]!++;
            plain.brand[p.brand]!++;
            plain.colour[p.colour]!++;
            for (let k = 0; k < 16; k++) {
              if ((p.sizes >>> k) & 1) plain.sizes[k]!++;
              if ((p.occasions >>> k) & 1) plain.occasions[k]!++;
            }
          });
          for (const name of ['category', 'brand', 'colour', 'sizes', 'occasions'] as const)
            expect([...got[name]], name).toEqual([...plain[name]]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
