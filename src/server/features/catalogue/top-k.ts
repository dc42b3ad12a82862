/**
 * Ordering only what a page needs (decision 0057, amended by 0071). A ranked list (relevance, Recommended)
 * used to sort every match per request: at 100k pieces a broad list sorted tens of thousands of
 * scores to show 24. `ascending` heapifies the scores once (linear) and hands them out lowest
 * first, each in O(log n), as long as the walk asks: a page costs about n + page x log n
 * comparisons instead of n log n, and a list on dates that drops pieces keeps asking for more.
 * `best` keeps the k best of a stream in a bounded heap (similar pieces, complete the look).
 */

/**
 * The ids by (score, id) ascending, lazily: a binary min-heap over positions of the two arrays,
 * built in O(n) and popped as the caller iterates. The arrays are not changed.
 */
export function* ascending(
  ids: ArrayLike<number>,
  scores: ArrayLike<number>,
): Generator<{ id: number; score: number }> {
  let n = ids.length;
  const heap = new Int32Array(n);
  for (let i = 0; i < n; i++) heap[i] = i;
  const before = (a: number, b: number) => {
    const sa = scores[a]!;
    const sb = scores[b]!;
    return sa < sb || (sa === sb && ids[a]! < ids[b]!);
  };
  const down = (from: number) => {
    let i = from;
    const at = heap[i]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap[child + 1]!, heap[child]!)) child++;
      if (!before(heap[child]!, at)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = at;
  };
  for (let i = (n >>> 1) - 1; i >= 0; i--) down(i);
  while (n > 0) {
    const top = heap[0]!;
    n--;
    if (n > 0) {
      heap[0] = heap[n]!;
      down(0);
    }
    yield { id: ids[top]!, score: scores[top]! };
  }
}

/** A binary heap: `before(a, b)` is true when a comes out before b. */
export class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => boolean) {}
  get size(): number {
    return this.items.length;
  }
  peek(): T | undefined {
    return this.items[0];
  }
  push(x: T): void {
    const h = this.items;
    h.push(x);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!this.before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }
  pop(): T | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) this.replaceTop(last);
    return top;
  }
  /** Puts `x` in the top's place and lets it sink to where it belongs. */
  replaceTop(x: T): void {
    const h = this.items;
    h[0] = x;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= h.length) break;
      if (child + 1 < h.length && this.before(h[child + 1]!, h[child]!)) child++;
      if (!this.before(h[child]!, h[i]!)) break;
      [h[i], h[child]] = [h[child]!, h[i]!];
      i = child;
    }
  }
  /** What is left, in the order it would come out (the heap is emptied). */
  drain(): T[] {
    const out: T[] = [];
    while (this.items.length > 0) out.push(this.pop()!);
    return out;
  }
}

/**
 * The `k` best of `items` by `compare` (negative: a before b), best first: a bounded heap of the
 * k kept so far with the worst on top, so a stream of n costs O(n log k).
 */
export function best<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  const kept = new Heap<T>((a, b) => compare(a, b) > 0);
  for (const item of items) {
    if (kept.size < k) kept.push(item);
    else if (compare(item, kept.peek()!) < 0) kept.replaceTop(item);
  }
  return kept.drain().reverse();
}
