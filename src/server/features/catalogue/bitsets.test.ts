import fc from 'fast-check';
import { TypedFastBitSet } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { intersectionSize3, intersectionSizes3, ON_HEAP, Scratch } from './bitsets';

const setArb = fc.array(fc.nat({ max: 3000 }), { maxLength: 300 }).map((ids) => new TypedFastBitSet(ids));

describe('sets made in a scratch', () => {
  it('hold what the library makes, however long the sets, and each made set keeps its own buffer until reset', () => {
    const scratch = new Scratch();
    fc.assert(
      fc.property(fc.array(fc.tuple(setArb, setArb), { minLength: 1, maxLength: 6 }), (pairs) => {
        scratch.reset();
        const made = pairs.flatMap(([a, b]) => [
          [scratch.copy(a), ON_HEAP.copy(a)],
          [scratch.and(a, b), ON_HEAP.and(a, b)],
          [scratch.andNot(a, b), ON_HEAP.andNot(a, b)],
        ]);
        // Read after all are made: none was written over by a later one.
        for (const [mine, theirs] of made) expect(mine!.array()).toEqual(theirs!.array());
      }),
    );
  });

  it('counts what three sets each share with one in one pass, as the library counts it, whatever their lengths', () => {
    fc.assert(
      fc.property(setArb, setArb, setArb, setArb, (a, b, c, d) => {
        expect(intersectionSizes3(a, b, c, d)).toEqual([b, c, d].map((s) => a.intersection_size(s)));
      }),
    );
  });

  it('counts what three sets share in one pass, as the library counts it', () => {
    fc.assert(
      fc.property(setArb, setArb, setArb, (a, b, c) => {
        expect(intersectionSize3(a, b, c)).toBe(a.new_intersection(b).intersection_size(c));
      }),
    );
  });
});
