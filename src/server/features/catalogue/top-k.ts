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

/**
 * The `k` best of `items` by `compare` (negative: a before b), best first: a bounded max-heap of
 * the k kept so far (the worst on top), so a stream of n costs O(n log k).
 */
export function best<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  const heap: T[] = [];
  // The heap's order: the worst kept item on top.
  const worse = (a: T, b: T) => compare(a, b) > 0;
  const up = (from: number) => {
    let i = from;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (from: number) => {
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && worse(heap[child + 1]!, heap[child]!)) child++;
      if (!worse(heap[child]!, heap[i]!)) break;
      [heap[i], heap[child]] = [heap[child]!, heap[i]!];
      i = child;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}
