import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIZES } from '../../../domain/catalogue';
import { eachUnit, unitCodes } from './unit-codes';

const read = (codes: string | null) => {
  const out: [number, string][] = [];
  eachUnit(codes, (id, k) => out.push([id, SIZES[k]!]));
  return out;
};

describe("an item's units as codes", () => {
  it('read back as the units, in id order, with no unit for none', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(...SIZES)), {
          selector: ([id]) => id,
          maxLength: 20,
        }),
        (units) => {
          const codes = unitCodes(units.map(([id, size]) => ({ id, size })));
          expect(codes === null).toBe(units.length === 0);
          expect(read(codes)).toEqual([...units].sort((a, b) => a[0] - b[0]));
        },
      ),
    );
  });

  it('leave out a size the catalogue does not offer', () => {
    expect(unitCodes([{ id: 3, size: 'XXS' }])).toBeNull();
    expect(
      read(
        unitCodes([
          { id: 3, size: 'XXS' },
          { id: 9, size: 'M' },
        ]),
      ),
    ).toEqual([[9, 'M']]);
  });
});
