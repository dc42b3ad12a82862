import { TypedFastBitSet } from 'typedfastbitset';

/**
 * Gives back a set's words past its last item. typedfastbitset doubles a set's words as it grows,
 * and every operation walks all of them: at 100k items the sets held 5,118 words for 3,126 in use,
 * and a facet request cost a third more for it (issue 27). A fitted set's last word holds an item,
 * so checking one costs a read.
 */
export function fit(set: TypedFastBitSet): TypedFastBitSet {
  const words = set.words;
  if (words.length > 0 && words[words.length - 1] === 0) set.trim();
  return set;
}

/** The buffer `idsOf` writes into, reused by every call (grown as the ids grow). */
let idBuffer = new Int32Array(1024);

/**
 * The ids of a set, ascending, read out of its words in one pass: a view of a buffer that the next
 * call writes over, so read it before asking again (the library's `forEach` calls a function per
 * id, which costs more than the tallies and ranks done with each).
 */
export function idsOf(set: TypedFastBitSet): Int32Array {
  const words = set.words;
  if (idBuffer.length < words.length * 32) idBuffer = new Int32Array(words.length * 32);
  const out = idBuffer;
  let n = 0;
  for (let k = 0; k < words.length; k++) {
    let w = words[k]! | 0;
    while (w !== 0) {
      const low = w & -w;
      out[n++] = (k << 5) + 31 - Math.clz32(low);
      w ^= low;
    }
  }
  return out.subarray(0, n);
}

/**
 * How the sets of one computation are made: as new sets (`ON_HEAP`), or in a `Scratch`'s buffers.
 * `and` and `andNot` are as long as the library's `new_intersection` and `new_difference` make them.
 */
export interface SetMaker {
  copy(a: TypedFastBitSet): TypedFastBitSet;
  and(a: TypedFastBitSet, b: TypedFastBitSet): TypedFastBitSet;
  andNot(a: TypedFastBitSet, b: TypedFastBitSet): TypedFastBitSet;
}

export const ON_HEAP: SetMaker = {
  copy: (a) => a.clone(),
  and: (a, b) => a.new_intersection(b),
  andNot: (a, b) => a.new_difference(b),
};

/**
 * Sets made in buffers kept from one synchronous computation to the next, for those that end with
 * it (a facet count: decision 0057). At 100k items a set is 12.5 KB held outside V8's heap, and a
 * facet request made five to ten of them: the external memory made V8 collect every few dozen
 * milliseconds. A set made here is valid until `reset`, which the next computation calls first;
 * none may outlive its computation or cross an await.
 */
export class Scratch implements SetMaker {
  private readonly buffers: Uint32Array[] = [];
  private used = 0;

  /** Every set made so far is given back. */
  reset(): this {
    this.used = 0;
    return this;
  }

  private take(n: number): Uint32Array {
    let buffer = this.buffers[this.used];
    if (!buffer || buffer.length < n) buffer = this.buffers[this.used] = new Uint32Array(Math.max(n, 1024));
    this.used++;
    return buffer.subarray(0, n);
  }

  copy(a: TypedFastBitSet): TypedFastBitSet {
    const words = this.take(a.words.length);
    words.set(a.words);
    return TypedFastBitSet.fromWords(words);
  }

  and(a: TypedFastBitSet, b: TypedFastBitSet): TypedFastBitSet {
    const [x, y] = [a.words, b.words];
    const n = Math.min(x.length, y.length);
    const words = this.take(n);
    for (let k = 0; k < n; k++) words[k] = x[k]! & y[k]!;
    return TypedFastBitSet.fromWords(words);
  }

  andNot(a: TypedFastBitSet, b: TypedFastBitSet): TypedFastBitSet {
    const [x, y] = [a.words, b.words];
    const n = Math.min(x.length, y.length);
    const words = this.take(x.length);
    for (let k = 0; k < n; k++) words[k] = x[k]! & ~y[k]!;
    for (let k = n; k < x.length; k++) words[k] = x[k]!;
    return TypedFastBitSet.fromWords(words);
  }
}

/** How many items `a` shares with each of three sets, in one pass over `a`'s words (its empty words skipped). */
export function intersectionSizes3(
  a: TypedFastBitSet,
  b: TypedFastBitSet,
  c: TypedFastBitSet,
  d: TypedFastBitSet,
): [number, number, number] {
  const x = a.words;
  const ys = [b.words, c.words, d.words] as const;
  const [y1, y2, y3] = ys;
  const m = Math.min(x.length, y1.length, y2.length, y3.length);
  let [n1, n2, n3] = [0, 0, 0];
  for (let k = 0; k < m; k++) {
    const w = x[k]!;
    if (w === 0) continue;
    n1 += popcount(w & y1[k]!);
    n2 += popcount(w & y2[k]!);
    n3 += popcount(w & y3[k]!);
  }
  const out: [number, number, number] = [n1, n2, n3];
  // Past the shortest set, each on its own.
  ys.forEach((y, j) => {
    for (let k = m; k < Math.min(x.length, y.length); k++) out[j]! += popcount(x[k]! & y[k]!);
  });
  return out;
}

/** How many items three sets share, in one pass that writes nothing. */
export function intersectionSize3(a: TypedFastBitSet, b: TypedFastBitSet, c: TypedFastBitSet): number {
  const [x, y, z] = [a.words, b.words, c.words];
  const n = Math.min(x.length, y.length, z.length);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const w = x[k]! & y[k]!;
    if (w !== 0) count += popcount(w & z[k]!);
  }
  return count;
}

/** The set bits of a 32-bit word. */
function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
