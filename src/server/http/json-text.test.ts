import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageJsonText, toJsonText } from './json-text';

const item = fc.record({
  id: fc.integer(),
  name: fc.string(),
  rating: fc.double({ noNaN: true, noDefaultInfinity: true }),
  isNew: fc.boolean(),
  lenderRating: fc.option(
    fc.record({ average: fc.double({ noNaN: true, noDefaultInfinity: true }), count: fc.nat() }),
    {
      nil: undefined,
    },
  ),
});

describe('a page of items as JSON text', () => {
  it('is the text JSON.stringify writes, frozen items or not, written again or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(item, fc.boolean())), fc.option(fc.string(), { nil: null }), (rows, nextCursor) => {
        const items = rows.map(([i, freeze]) => (freeze ? Object.freeze(i) : i));
        const page = { items, nextCursor };
        expect(pageJsonText(page)).toBe(toJsonText(page));
        expect(pageJsonText(page)).toBe(JSON.stringify(page)); // a second time, from the kept texts
      }),
    );
  });

  it('writes null for an item JSON cannot hold, as JSON.stringify does in an array', () => {
    const page = { items: [undefined, () => 1, 2], nextCursor: null };
    expect(pageJsonText(page)).toBe(JSON.stringify(page));
  });

  it('leaves out an undefined field as JSON.stringify does', () => {
    const page = { items: [Object.freeze({ a: 1, b: undefined })], note: undefined, nextCursor: null };
    expect(pageJsonText(page)).toBe('{"items":[{"a":1}],"nextCursor":null}');
  });

  it('writes a frozen item once and an open one every time', () => {
    let reads = 0;
    const counted = () => ({
      id: 1,
      get name() {
        reads += 1;
        return 'Gown';
      },
    });
    const frozen = Object.freeze(counted());
    for (let i = 0; i < 3; i++) expect(pageJsonText({ items: [frozen] })).toBe('{"items":[{"id":1,"name":"Gown"}]}');
    expect(reads).toBe(1);
    reads = 0;
    const open = counted();
    for (let i = 0; i < 3; i++) pageJsonText({ items: [open] });
    expect(reads).toBe(3);
  });
});
