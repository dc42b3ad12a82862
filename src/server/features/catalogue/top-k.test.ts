import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascending, best } from './top-k';

/* The partial orders of top-k.ts give what a whole sort gives, as far as they are asked. */
describe('top-k', () => {
  const entries = fc.uniqueArray(
    fc.record({ id: fc.nat({ max: 10_000 }), score: fc.integer({ min: -20, max: 20 }).map((n) => n / 4) }),
    { selector: (e) => e.id, maxLength: 300 },
  );

  it('ascending yields every entry by (score, id), and its first k are the first k of a sort', () => {
    fc.assert(
      fc.property(entries, fc.nat({ max: 310 }), (list, k) => {
        const sorted = [...list].sort((a, b) => a.score - b.score || a.id - b.id);
        const it = ascending(
          list.map((e) => e.id),
          list.map((e) => e.score),
        );
        const firstK: { id: number; score: number }[] = [];
        while (firstK.length < k) {
          const next = it.next();
          if (next.done) break;
          firstK.push(next.value);
        }
        expect(firstK).toEqual(sorted.slice(0, k));
        expect([
          ...ascending(
            list.map((e) => e.id),
            list.map((e) => e.score),
          ),
        ]).toEqual(sorted);
      }),
    );
  });

  it('best keeps the k best of a stream, best first', () => {
    fc.assert(
      fc.property(entries, fc.nat({ max: 20 }), (list, k) => {
        const compare = (a: { id: number; score: number }, b: { id: number; score: number }) =>
          b.score - a.score || a.id - b.id;
        expect(best(list, k, compare)).toEqual([...list].sort(compare).slice(0, k));
      }),
    );
  });
});
