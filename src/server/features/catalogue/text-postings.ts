import { TypedFastBitSet } from 'typedfastbitset';

/**
 * What the text index (text-index.ts) stores: each word's items (a posting list) and each item's
 * words as codes. The index decides what goes in and ranks with them; these keep them compactly.
 */

/** A posting list becomes a bitset past this many items. */
const DENSE = 512;

/** The items using one word; `word` is the word's number (its codes' upper bits). */
export class Posting {
  ids: number[] | null = [];
  bits: TypedFastBitSet | null = null;
  size = 0;
  /** The highest weight any item has held this word with: an upper bound, kept when items leave. */
  top = 0;
  /** The text index's count of adds when this word was last taken for an item (text-index.ts). */
  seen = 0;
  constructor(readonly word: number) {}
  /** True when one of the posting's items is in `set`. */
  meets(set: TypedFastBitSet): boolean {
    if (this.bits) return this.bits.intersects(set);
    for (const id of this.ids!) if (set.has(id)) return true;
    return false;
  }
  add(id: number, weight: number): void {
    this.size++;
    if (weight > this.top) this.top = weight;
    if (this.bits) return this.bits.add(id);
    this.ids!.push(id);
    if (this.ids!.length > DENSE) {
      this.bits = new TypedFastBitSet(this.ids);
      this.ids = null;
    }
  }
  remove(id: number): void {
    this.size--;
    if (this.bits) return this.bits.remove(id);
    const k = this.ids!.indexOf(id);
    if (k >= 0) this.ids!.splice(k, 1);
  }
}

/**
 * Each item's words as codes (word number x 16 + the weight of the best field holding it): one
 * Int32Array for all, an item's run at `start[id]` (-1: no item) of `length[id]` codes. A removed
 * item's run is left behind as garbage until it is half the pool, when the live runs are copied
 * together again.
 */
export class DocCodes {
  codes = new Int32Array(1024);
  used = 0;
  garbage = 0;
  start = new Int32Array(1024).fill(-1);
  length = new Int32Array(1024);
  count = 0;

  has(id: number): boolean {
    return id < this.start.length && this.start[id]! >= 0;
  }

  set(id: number, codes: readonly number[]): void {
    if (id >= this.start.length) this.growIds(id + 1);
    if (this.start[id]! >= 0) this.garbage += this.length[id]!;
    else this.count++;
    if (this.used + codes.length > this.codes.length) this.growCodes(this.used + codes.length);
    this.start[id] = this.used;
    this.length[id] = codes.length;
    for (const c of codes) this.codes[this.used++] = c;
  }

  delete(id: number): void {
    if (!this.has(id)) return;
    this.garbage += this.length[id]!;
    this.start[id] = -1;
    this.length[id] = 0;
    this.count--;
    if (this.garbage > 4096 && this.garbage * 2 > this.used) this.compact();
  }

  /** Gives back the room grown for more codes (after a load: the pool doubled as it filled). */
  trim(): void {
    if (this.codes.length > this.used + (this.used >>> 2) + 1024) this.compact();
  }

  private growIds(min: number): void {
    const n = Math.max(min, this.start.length * 2);
    const start = new Int32Array(n).fill(-1);
    start.set(this.start);
    const length = new Int32Array(n);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  private growCodes(min: number): void {
    const codes = new Int32Array(Math.max(min, this.codes.length * 2));
    codes.set(this.codes.subarray(0, this.used));
    this.codes = codes;
  }

  private compact(): void {
    const live = this.used - this.garbage;
    const codes = new Int32Array(Math.max(1024, live + (live >>> 3)));
    let used = 0;
    for (let id = 0; id < this.start.length; id++) {
      const s = this.start[id]!;
      if (s < 0) continue;
      codes.set(this.codes.subarray(s, s + this.length[id]!), used);
      this.start[id] = used;
      used += this.length[id]!;
    }
    this.codes = codes;
    this.used = used;
    this.garbage = 0;
  }
}
