import type { TypedFastBitSet } from 'typedfastbitset';
import { idsOf } from './bitsets';
import { BITS, BRAND, COLUMN_BITS, FIELDS, has, RECORD, type RecordPick, type TabCounts } from './item-columns';

/**
 * A walk: the counts of each value of every list over a set's pieces, read from the pieces' records
 * (item-columns.ts) for the facet counts (facet-counts.ts, decision 0057). The set's ids are read
 * out of its words once; each piece's record is one cache line at most, so a sparse set costs one
 * memory read per piece for all the lists.
 */

/** A list's tally in a walk's counts. */
export type TallyName = keyof TabCounts;

/** How many codes each tally has room for (the fields' codes given so far). */
export interface TallySizes {
  category: number;
  brand: number;
  colour: number;
}

/**
 * The bits of a word's low or high half are added four at a time into four 8-bit lanes of an
 * accumulator (SPREAD[x] puts bit j of x in lane j), emptied into the tally every 255 pieces: a few
 * adds per piece instead of a loop per set bit, whose branches cost more than the rest of the walk
 * (a piece has four or five sizes). Four accumulators per half: at most 16 values.
 */
const SPREAD = Int32Array.from({ length: 16 }, (_, x) => {
  let lanes = 0;
  for (let j = 0; j < 4; j++) lanes |= ((x >> j) & 1) << (8 * j);
  return lanes;
});
const LANE_MAX = 255;
if (COLUMN_BITS > 16) throw new Error('facet-walk: a half word of bits is tallied in four accumulators of four lanes');

/** Adds an accumulator's four lanes to `tally` from `k`. */
function empty(tally: Int32Array, k: number, lanes: number): void {
  for (let j = 0; j < 4 && k + j < tally.length; j++) tally[k + j]! += (lanes >>> (8 * j)) & 0xff;
}

/**
 * One pass over the pieces, each record read once and every tally counted: a walk waits on memory
 * (a sparse set's pieces are a cache line apart), so counting a list nobody asked for costs less
 * than a branch per piece or a second pass. The codes are counted directly; each half of the BITS
 * word (the sizes low, the occasions high) into four accumulators of lanes, emptied every LANE_MAX
 * pieces.
 */
function tally(ids: Int32Array, records: Uint32Array, into: TabCounts): void {
  const { category, brand, colour, sizes, occasions } = into;
  const n = ids.length;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + LANE_MAX);
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let o0 = 0;
    let o1 = 0;
    let o2 = 0;
    let o3 = 0;
    for (; i < end; i++) {
      const r = ids[i]! * RECORD;
      const w = records[r + FIELDS]!;
      const m = records[r + BITS]!;
      brand[records[r + BRAND]!]!++;
      category[w >>> 16]!++;
      colour[w & 0xffff]!++;
      s0 += SPREAD[m & 15]!;
      s1 += SPREAD[(m >>> 4) & 15]!;
      s2 += SPREAD[(m >>> 8) & 15]!;
      s3 += SPREAD[(m >>> 12) & 15]!;
      o0 += SPREAD[(m >>> 16) & 15]!;
      o1 += SPREAD[(m >>> 20) & 15]!;
      o2 += SPREAD[(m >>> 24) & 15]!;
      o3 += SPREAD[m >>> 28]!;
    }
    empty(sizes, 0, s0);
    empty(sizes, 4, s1);
    empty(sizes, 8, s2);
    empty(sizes, 12, s3);
    empty(occasions, 0, o0);
    empty(occasions, 4, o1);
    empty(occasions, 8, o2);
    empty(occasions, 12, o3);
  }
}

const newCounts = (room: TallySizes): TabCounts => ({
  category: new Int32Array(room.category),
  brand: new Int32Array(room.brand),
  colour: new Int32Array(room.colour),
  sizes: new Int32Array(COLUMN_BITS),
  occasions: new Int32Array(COLUMN_BITS),
});

/** The counts of each value over the pieces of `set` (a set, or its ids in any order). */
export function walk(set: TypedFastBitSet | Int32Array, records: Uint32Array, room: TallySizes): TabCounts {
  const into = newCounts(room);
  tally(set instanceof Int32Array ? set : idsOf(set), records, into);
  return into;
}

/**
 * The counts over the pieces of `set` and over those of them with a picked value, in one walk: a
 * list counted without a filter of its own walks the pieces with the filter's value, the filter's
 * own list walks them all (a size's list under "M", the rest under "M"), so each piece is read once.
 */
export function splitWalk(
  set: TypedFastBitSet,
  records: Uint32Array,
  room: TallySizes,
  pick: RecordPick,
): { all: TabCounts; picked: TabCounts } {
  const ids = idsOf(set);
  // The picked pieces from the front, the others from the back.
  const parted = new Int32Array(ids.length);
  let front = 0;
  let back = ids.length;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (has(records, id, pick)) parted[front++] = id;
    else parted[--back] = id;
  }
  const picked = newCounts(room);
  const all = newCounts(room);
  tally(parted.subarray(0, front), records, picked);
  tally(parted.subarray(front), records, all);
  for (const name of ['category', 'brand', 'colour', 'sizes', 'occasions'] as const) {
    const [to, from] = [all[name], picked[name]];
    for (let k = 0; k < to.length; k++) to[k]! += from[k]!;
  }
  return { all, picked };
}
