/**
 * What the facet tallies read per item id (facet-counts.ts, decision 0057): a code per
 * single-valued field (category, brand, colour) with the codes' names, a bit per size with a unit
 * and per occasion, and the rental price. The index writes an entry's slots whenever it adds or
 * replaces the entry, so a change costs a few writes instead of the whole catalogue read again on
 * the next facet request (a like is a catalogue change: a busy catalogue changes every few
 * seconds). Typed arrays, grown by doubling. Only the slots of ids in the index's sets are read
 * (every id in a set has an entry, written when it was added): a departed entry's slots are left
 * as they were.
 */

export type CodedField = 'category' | 'brand' | 'colour';

/** The facts of an entry the columns hold. */
export interface ColumnFacts {
  id: number;
  category: string;
  brand: string;
  colour: string;
  price: number;
  /** Bit k: OCCASIONS[k]. */
  occasions: number;
}

/** A field's code per item id and each code's name (a name keeps its code once given). */
export interface FieldCodes {
  codes: Int32Array;
  names: string[];
}

/** A code for a field's value, given on first sight. */
function codeOf(c: FieldCodes & { byName: Map<string, number> }, name: string): number {
  const code = c.byName.get(name);
  if (code !== undefined) return code;
  c.byName.set(name, c.names.length);
  return c.names.push(name) - 1;
}

const newField = (n: number) => ({
  codes: new Int32Array(n),
  names: [] as string[],
  byName: new Map<string, number>(),
});

export class ItemColumns {
  sizes = new Uint32Array(1024);
  occasions = new Uint32Array(1024);
  prices = new Float64Array(1024);
  private readonly category = newField(1024);
  private readonly brand = newField(1024);
  private readonly colour = newField(1024);

  /** The codes of a field as they stand (the arrays are replaced when they grow: read them per request). */
  field(field: CodedField): FieldCodes {
    return this[field];
  }

  /** Writes an entry's slots (`sizeBits`: bit k for a unit of SIZES[k]). */
  set(e: ColumnFacts, sizeBits: number): void {
    const id = e.id;
    if (id >= this.sizes.length) this.grow(id);
    this.sizes[id] = sizeBits;
    this.occasions[id] = e.occasions;
    this.prices[id] = e.price;
    this.category.codes[id] = codeOf(this.category, e.category);
    this.brand.codes[id] = codeOf(this.brand, e.brand);
    this.colour.codes[id] = codeOf(this.colour, e.colour);
  }

  /** Room for `id`: every array doubled (or more), its slots kept. */
  private grow(id: number): void {
    const n = Math.max(id + 1, this.sizes.length * 2);
    const sizes = new Uint32Array(n);
    sizes.set(this.sizes);
    this.sizes = sizes;
    const occasions = new Uint32Array(n);
    occasions.set(this.occasions);
    this.occasions = occasions;
    const prices = new Float64Array(n);
    prices.set(this.prices);
    this.prices = prices;
    for (const c of [this.category, this.brand, this.colour]) {
      const codes = new Int32Array(n);
      codes.set(c.codes);
      c.codes = codes;
    }
  }
}
