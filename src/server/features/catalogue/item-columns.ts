/**
 * What the facet tallies read per item id (facet-walk.ts, decision 0057): a record of four words
 * per id, a code per single-valued field (category, brand, colour; the codes' names kept beside), a
 * bit per size with a unit and per occasion; and the rental price. One record per piece, so a walk
 * of a sparse set reads one cache line per piece, not one per field, and the price range read
 * after a walk finds the walked pieces' records in the cache. The index writes an entry's
 * record whenever it adds or replaces the entry, so a change costs a few writes instead of the whole
 * catalogue read again on the next facet request (a like is a catalogue change: a busy catalogue
 * changes every few seconds). Typed arrays, grown by doubling. Only the records of ids in the
 * index's sets are read (every id in a set has an entry, written when it was added): a departed
 * entry's record is left as it was.
 *
 * They also keep each tab's count of every value (the whole catalogue, and each gender's pieces),
 * added to as an entry is written and taken from as it leaves: a list whose pieces are most of a
 * tab is counted as the tab's counts less a tally of the tab's few other pieces (facet-counts.ts).
 * The index takes an entry out (`remove`) before it writes it again, and only an entry it holds.
 *
 * Within each tab they keep, the same way, the counts of the tab's pieces of each value a filter
 * picks (a category, a brand, a colour, a unit of a size, an occasion: `within`), and they give the
 * running counts of a tab's pieces along an order (`along`: the price order's buckets). A list whose
 * pieces are most of such a set is counted as the set's counts less a tally of its other pieces.
 */

import { OCCASIONS, SIZES } from '../../../domain/catalogue';

export type CodedField = 'category' | 'brand' | 'colour';

/** The filters whose values keep their own counts within each tab. */
export type KeptDimension = CodedField | 'size' | 'occasion';
export const KEPT_DIMENSIONS: readonly KeptDimension[] = ['category', 'brand', 'colour', 'size', 'occasion'];

/** The facts of an entry the columns hold. */
export interface ColumnFacts {
  id: number;
  gender: string;
  category: string;
  brand: string;
  colour: string;
  price: number;
  /** Bit k: OCCASIONS[k]. */
  occasions: number;
}

/**
 * An item's record: `RECORD` words from `id * RECORD`. Word BRAND: the brand's code; word FIELDS:
 * the category's code in the high 16 bits, the colour's in the low; word BITS: the occasions' bits
 * in the high 16, the sizes' in the low; word PRICE: the weekly rental price in cents. Four words,
 * 16 bytes: a record never straddles two cache lines.
 */
export const RECORD = 4;
export const BRAND = 0;
export const FIELDS = 1;
export const BITS = 2;
export const PRICE = 3;

/** A field's codes: each code's name (a name keeps its code once given), and at most `limit` of them. */
interface FieldCodes {
  names: string[];
  byName: Map<string, number>;
  limit: number;
  /** The codes in A to Z order of their names, made when first asked after a name was added. */
  alphabetical: Int32Array | null;
}

/** A code for a field's value, given on first sight. */
function codeOf(c: FieldCodes, name: string): number {
  const code = c.byName.get(name);
  if (code !== undefined) return code;
  if (c.names.length >= c.limit) throw new Error(`item-columns: more than ${c.limit} values of a field`);
  c.byName.set(name, c.names.length);
  c.alphabetical = null;
  return c.names.push(name) - 1;
}

/** A value as a record shows it: `(word & mask) === want` (unsigned) for the pieces that have it. */
export interface RecordPick {
  word: number;
  mask: number;
  want: number;
}

/** Whether the piece `id`'s record shows a picked value. */
export const has = (records: Uint32Array, id: number, p: RecordPick) =>
  (records[id * RECORD + p.word]! & p.mask) >>> 0 === p.want;

/** A tab's count of each value: per coded field by code, per size and per occasion by bit. */
export interface TabCounts {
  category: Int32Array;
  brand: Int32Array;
  colour: Int32Array;
  sizes: Int32Array;
  occasions: Int32Array;
}

/** Bits per item in the size and occasion columns: what a tally reads (facet-counts.ts). */
export const COLUMN_BITS = 16;
if (SIZES.length > COLUMN_BITS || OCCASIONS.length > COLUMN_BITS)
  throw new Error(`item-columns: the sizes and the occasions must each fit in ${COLUMN_BITS} bits`);

const newTab = (): TabCounts => ({
  category: new Int32Array(64),
  brand: new Int32Array(64),
  colour: new Int32Array(64),
  sizes: new Int32Array(COLUMN_BITS),
  occasions: new Int32Array(COLUMN_BITS),
});

/** Adds `delta` to a tally's slot `code`, growing it as the codes grow. */
function bump(tab: TabCounts, field: CodedField, code: number, delta: number): void {
  let t = tab[field];
  if (code >= t.length) {
    const grown = new Int32Array(Math.max(code + 1, t.length * 2));
    grown.set(t);
    tab[field] = t = grown;
  }
  t[code]! += delta;
}

function bumpBits(t: Int32Array, bits: number, delta: number): void {
  for (let m = bits; m !== 0; m &= m - 1) t[31 - Math.clz32(m & -m)]! += delta;
}

/** An entry's values as its record holds them: the codes, and the bits of its sizes and occasions. */
interface RecordValues {
  category: number;
  brand: number;
  colour: number;
  sizes: number;
  occasions: number;
}

/** Counts an entry's values in a tab's counts. */
function addTo(tab: TabCounts, v: RecordValues, delta: number): void {
  bump(tab, 'category', v.category, delta);
  bump(tab, 'brand', v.brand, delta);
  bump(tab, 'colour', v.colour, delta);
  bumpBits(tab.sizes, v.sizes, delta);
  bumpBits(tab.occasions, v.occasions, delta);
}

/** `a - b`, slot by slot, as long as the longer (a missing slot counts none: codes given later). */
export function minus(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.max(a.length, b.length));
  out.set(a);
  for (let k = 0; k < b.length; k++) out[k]! -= b[k]!;
  return out;
}

/** The slots of `names` in A to Z order of the names (by UTF-16 code units, as `<` orders strings). */
export function alphabeticalOrder(names: readonly string[]): Int32Array {
  return Int32Array.from(names.keys()).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
}

const copyTab = (t: TabCounts): TabCounts => ({
  category: t.category.slice(),
  brand: t.brand.slice(),
  colour: t.colour.slice(),
  sizes: t.sizes.slice(),
  occasions: t.occasions.slice(),
});

/** Running counts along an order: `counts[k]` and `sizes[k]` are those of its first `k` buckets' pieces of the tab. */
export interface AlongOrder {
  counts: TabCounts[];
  sizes: Int32Array;
}

/**
 * A kept set's key: its tab (0: all, 1 + a gender's code), its dimension and its value's code or bit
 * (a code below 2^32, so the key is below 2^53 for up to 2^16 genders).
 */
const pairKey = (tabKey: number, dim: KeptDimension, v: number) =>
  (tabKey * KEPT_DIMENSIONS.length + KEPT_DIMENSIONS.indexOf(dim)) * 2 ** 32 + v;

const newField = (limit: number): FieldCodes => ({ names: [], byName: new Map(), limit, alphabetical: null });

export class ItemColumns {
  /** The records, `RECORD` words per id (replaced when they grow: read them per request). */
  records = new Uint32Array(1024 * RECORD);
  /** A gender's code per id. */
  private genders = new Int32Array(1024);
  private readonly category = newField(0x10000);
  private readonly brand = newField(2 ** 32);
  private readonly colour = newField(0x10000);
  private readonly gender = newField(0x10000);
  /** The whole catalogue's counts, and each gender's by the gender's code. */
  private readonly all = newTab();
  private readonly byGender: TabCounts[] = [];
  /** Per tab (0: the whole catalogue, 1 + a gender's code), per kept dimension and value: its pieces' counts. */
  private readonly pairs = new Map<number, TabCounts>();

  /** The names of a field's codes, by code. */
  names(field: CodedField): readonly string[] {
    return this[field].names;
  }

  /** How many codes each field has given so far: the room a walk's tallies need (facet-walk.ts). */
  tallySizes(): Record<CodedField, number> {
    return { category: this.category.names.length, brand: this.brand.names.length, colour: this.colour.names.length };
  }

  /** A field's codes in A to Z order of their names (`alphabeticalOrder`). */
  alphabetical(field: CodedField): Int32Array {
    const c = this[field];
    return (c.alphabetical ??= alphabeticalOrder(c.names));
  }

  /**
   * The counts of the pieces of a gender (or of the whole catalogue): live arrays, read them while
   * the index stands (undefined: no piece of that gender was ever listed).
   */
  tab(gender?: string): TabCounts | undefined {
    if (gender === undefined) return this.all;
    const code = this.gender.byName.get(gender);
    return code === undefined ? undefined : this.byGender[code];
  }

  /**
   * The counts of a tab's pieces (a gender's, or the whole catalogue's) that have a value of a kept
   * dimension, and how many they are: live arrays, read them while the index stands (undefined: no
   * such piece was ever listed).
   */
  within(
    gender: string | undefined,
    dim: KeptDimension,
    value: string,
  ): { counts: TabCounts; size: number } | undefined {
    const tab = this.tab(gender);
    if (!tab) return undefined;
    const tabKey = gender === undefined ? 0 : this.gender.byName.get(gender)! + 1;
    let v: number;
    let size: number | undefined;
    if (dim === 'size' || dim === 'occasion') {
      v = (dim === 'size' ? (SIZES as readonly string[]) : OCCASIONS).indexOf(value);
      size = tab[dim === 'size' ? 'sizes' : 'occasions'][v];
    } else {
      v = this[dim].byName.get(value) ?? -1;
      size = tab[dim][v];
    }
    const counts = v < 0 ? undefined : this.pairs.get(pairKey(tabKey, dim, v));
    return counts && size !== undefined ? { counts, size } : undefined;
  }

  /**
   * The running counts of a tab's pieces (those with `pick`'s value, when given) along an order of
   * active ids, taken every `width` positions (and at its end), from none (undefined: no piece of
   * that gender, or with that value, was ever listed).
   */
  along(
    order: readonly number[],
    width: number,
    gender: string | undefined,
    pick?: { dim: KeptDimension; value: string },
  ): AlongOrder | undefined {
    const g = gender === undefined ? -1 : this.gender.byName.get(gender);
    if (g === undefined) return undefined;
    const picked = pick ? this.pick(pick.dim, pick.value) : null;
    if (pick && !picked) return undefined;
    const running = newTab();
    const counts = [copyTab(running)];
    const sizes = [0];
    let n = 0;
    for (let i = 0; i < order.length; i++) {
      const id = order[i]!;
      if ((g < 0 || this.genders[id] === g) && (!picked || has(this.records, id, picked))) {
        addTo(running, this.valuesOf(id), 1);
        n++;
      }
      if ((i + 1) % width === 0 || i + 1 === order.length) {
        counts.push(copyTab(running));
        sizes.push(n);
      }
    }
    return { counts, sizes: Int32Array.from(sizes) };
  }

  /** How a record shows a value of a kept dimension (null: no piece ever had it). */
  pick(dim: KeptDimension, value: string): RecordPick | null {
    if (dim === 'size' || dim === 'occasion') {
      const bit = (dim === 'size' ? (SIZES as readonly string[]) : OCCASIONS).indexOf(value);
      if (bit < 0) return null;
      const mask = (1 << (dim === 'size' ? bit : 16 + bit)) >>> 0;
      return { word: BITS, mask, want: mask };
    }
    const code = this[dim].byName.get(value);
    if (code === undefined) return null;
    if (dim === 'brand') return { word: BRAND, mask: 0xffffffff, want: code };
    return dim === 'category'
      ? { word: FIELDS, mask: 0xffff0000, want: (code << 16) >>> 0 }
      : { word: FIELDS, mask: 0xffff, want: code };
  }

  /** Writes an entry's record (`sizeBits`: bit k for a unit of SIZES[k]) and counts it in its tabs. */
  set(e: ColumnFacts, sizeBits: number): void {
    const id = e.id;
    if (!Number.isInteger(e.price) || e.price < 0 || e.price > 0xffffffff)
      throw new Error(`item-columns: piece ${id}'s price ${e.price} is not a whole number of cents in 32 bits`);
    if (id >= this.genders.length) this.grow(id);
    const r = id * RECORD;
    this.records[r + BRAND] = codeOf(this.brand, e.brand);
    this.records[r + FIELDS] = (codeOf(this.category, e.category) << 16) | codeOf(this.colour, e.colour);
    this.records[r + BITS] = (e.occasions << 16) | sizeBits;
    this.records[r + PRICE] = e.price;
    this.genders[id] = codeOf(this.gender, e.gender);
    this.count(id, 1);
  }

  /** Takes a leaving entry out of its tabs' counts (its slots are left as they were). */
  remove(id: number): void {
    this.count(id, -1);
  }

  private count(id: number, delta: number): void {
    const g = this.genders[id]!;
    const v = this.valuesOf(id);
    const values: [KeptDimension, number][] = [
      ['category', v.category],
      ['brand', v.brand],
      ['colour', v.colour],
    ];
    for (let m = v.sizes; m !== 0; m &= m - 1) values.push(['size', 31 - Math.clz32(m & -m)]);
    for (let m = v.occasions; m !== 0; m &= m - 1) values.push(['occasion', 31 - Math.clz32(m & -m)]);
    for (const [tabKey, tab] of [
      [0, this.all],
      [g + 1, (this.byGender[g] ??= newTab())],
    ] as const) {
      addTo(tab, v, delta);
      for (const [dim, code] of values) {
        const key = pairKey(tabKey, dim, code);
        let pair = this.pairs.get(key);
        if (!pair) this.pairs.set(key, (pair = newTab()));
        addTo(pair, v, delta);
      }
    }
  }

  /** An entry's values, read out of its record. */
  private valuesOf(id: number): RecordValues {
    const r = id * RECORD;
    const fields = this.records[r + FIELDS]!;
    const bits = this.records[r + BITS]!;
    return {
      category: fields >>> 16,
      brand: this.records[r + BRAND]!,
      colour: fields & 0xffff,
      sizes: bits & 0xffff,
      occasions: bits >>> 16,
    };
  }

  /** Room for `id`: every array doubled (or more), its slots kept. */
  private grow(id: number): void {
    const n = Math.max(id + 1, this.genders.length * 2);
    const records = new Uint32Array(n * RECORD);
    records.set(this.records);
    this.records = records;
    const genders = new Int32Array(n);
    genders.set(this.genders);
    this.genders = genders;
  }
}
