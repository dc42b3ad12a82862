import { hash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageJsonBody, toJsonBody } from './json-text';

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

const page = fc
  .tuple(fc.array(fc.tuple(item, fc.boolean()), { maxLength: 6 }), fc.option(fc.string(), { nil: null }))
  .map(([rows, nextCursor]) => ({
    items: rows.map(([i, freeze]) => (freeze ? Object.freeze(i) : i)),
    nextCursor,
  }));

const text = (body: { bytes: Uint8Array }) => Buffer.from(body.bytes).toString('utf8');

describe('a page of items as JSON bytes', () => {
  it('holds the text JSON.stringify writes, frozen items or not, written again or not', () => {
    fc.assert(
      fc.property(page, (p) => {
        expect(text(pageJsonBody(p))).toBe(JSON.stringify(p));
        expect(text(pageJsonBody(p))).toBe(JSON.stringify(p)); // a second time, from the kept bytes
        expect(text(toJsonBody(p))).toBe(JSON.stringify(p));
      }),
    );
  });

  it('has the same digest as another page exactly when the bytes are the same', () => {
    // Small values, so that pairs of equal pages come up as well as different ones.
    const small = fc.record({ id: fc.integer({ min: 0, max: 2 }), name: fc.constantFrom('a', 'b') });
    const smallPage = fc.record({
      items: fc.array(
        small.map((i) => Object.freeze(i)),
        { maxLength: 2 },
      ),
      nextCursor: fc.constantFrom(null, 'x'),
    });
    let same = 0;
    fc.assert(
      fc.property(smallPage, smallPage, (a, b) => {
        const equal = JSON.stringify(a) === JSON.stringify(b);
        if (equal) same += 1;
        expect(pageJsonBody(a).digest === pageJsonBody(b).digest).toBe(equal);
      }),
      { numRuns: 500 },
    );
    expect(same).toBeGreaterThan(0);
    // The page's own fields count: items moved into the cursor's place are another body.
    const gown = Object.freeze({ id: 1, name: 'Gown' });
    expect(pageJsonBody({ items: [gown, gown], nextCursor: null }).digest).not.toBe(
      pageJsonBody({ items: [gown], nextCursor: '{"id":1,"name":"Gown"}' }).digest,
    );
  });

  it('tags a whole value by the SHA-1 of its bytes', () => {
    const body = toJsonBody({ brands: ['Gucci', 'Ganni'] });
    expect(body.digest).toBe(hash('sha1', '{"brands":["Gucci","Ganni"]}', 'base64url'));
  });

  it('writes null for an item JSON cannot hold, as JSON.stringify does in an array', () => {
    const p = { items: [undefined, () => 1, 2], nextCursor: null };
    expect(text(pageJsonBody(p))).toBe(JSON.stringify(p));
  });

  it('leaves out an undefined field as JSON.stringify does, and keeps the fields in their order', () => {
    const p = { total: 2, items: [Object.freeze({ a: 1, b: undefined })], note: undefined, nextCursor: null };
    expect(text(pageJsonBody(p))).toBe('{"total":2,"items":[{"a":1}],"nextCursor":null}');
    expect(text(pageJsonBody({ items: [] }))).toBe('{"items":[]}');
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
    for (let i = 0; i < 3; i++)
      expect(text(pageJsonBody({ items: [frozen] }))).toBe('{"items":[{"id":1,"name":"Gown"}]}');
    expect(reads).toBe(1);
    reads = 0;
    const open = counted();
    for (let i = 0; i < 3; i++) pageJsonBody({ items: [open] });
    expect(reads).toBe(3);
  });

  it('writes characters outside ASCII as UTF-8', () => {
    const p = { items: [Object.freeze({ name: 'Crêpe de Chine — 🌸' })], nextCursor: 'é' };
    expect(text(pageJsonBody(p))).toBe(JSON.stringify(p));
  });
});
