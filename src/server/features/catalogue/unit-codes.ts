import { SIZES } from '../../../domain/catalogue';

/**
 * An item's units as the search index reads them with the item (issue 27): one text of numbers,
 * comma-separated, each a unit's id times UNIT_CODE plus its size's place in SIZES (a size not
 * in SIZES is left out). The database writes it (`string_agg`, catalogue.repository.ts), so a
 * load reads one value per item instead of a row per unit (825,000 rows at 100,000 pieces), and
 * the index reads it back without making a string or an object per unit.
 */
export const UNIT_CODE = 16;
if (SIZES.length > UNIT_CODE) throw new Error('unit-codes: a size place must fit below UNIT_CODE');

/** A unit of an item (a row of `item_units`). */
export interface IndexedUnit {
  id: number;
  item_id: number;
  size: string;
}

/** The codes of some units, as the database writes them for their item (null: none). */
export function unitCodes(units: readonly Pick<IndexedUnit, 'id' | 'size'>[]): string | null {
  const codes = units
    .filter((u) => (SIZES as readonly string[]).includes(u.size))
    .sort((a, b) => a.id - b.id)
    .map((u) => u.id * UNIT_CODE + (SIZES as readonly string[]).indexOf(u.size));
  return codes.length > 0 ? codes.join(',') : null;
}

/** Calls `each` with each unit's id and size place in `codes` (digits and commas only). */
export function eachUnit(codes: string | null, each: (id: number, size: number) => void): void {
  if (!codes) return;
  let n = 0;
  for (let k = 0; k <= codes.length; k++) {
    const c = k < codes.length ? codes.charCodeAt(k) : 44;
    if (c === 44) {
      each(Math.floor(n / UNIT_CODE), n % UNIT_CODE);
      n = 0;
    } else n = n * 10 + (c - 48);
  }
}
