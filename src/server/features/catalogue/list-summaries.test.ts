import { describe, expect, it } from 'vitest';
import type { ItemSummaryRow } from './catalogue.repository';
import { createListSummaries } from './list-summaries';

/** A list row of one version of a piece: `drawnFrom` stands for its index entry's card. */
const row = (id: number, name = `Piece ${id}`, owner: string | null = null): ItemSummaryRow => ({
  id,
  name,
  brand: 'Ganni',
  category: 'Dresses',
  gender: 'Women',
  colour: 'black',
  retail_price_cents: 30_000,
  rental_price_cents: 4_000,
  rating: 4.5,
  review_count: 3,
  rental_count: 9,
  is_new: 0,
  created_at: '2026-11-01',
  owner_id: owner,
  look: null,
  cover_file: null,
  drawnFrom: {},
});

// The covers of rows (item-pictures.ts draws them from the row alone; here, by id).
const pictures = {
  coversOfSummaries: (rows: readonly ItemSummaryRow[]) =>
    new Map(rows.map((r) => [r.id, { imageUrl: `/cover/${r.id}`, imageAlt: `${r.name}: cover` }])),
};
const house = () => undefined;

describe("a list's summaries, kept per version of a piece", () => {
  it('hands out the same frozen summary while the version stands, a new one for a new version', () => {
    const summaries = createListSummaries(pictures);
    const v1 = row(1);
    const [a] = summaries.of([v1], house);
    expect(a).toMatchObject({ id: 1, name: 'Piece 1', imageUrl: '/cover/1', isNew: false });
    expect(Object.isFrozen(a)).toBe(true);
    expect('lenderRating' in a!).toBe(false);
    expect(summaries.of([v1], house)[0]).toBe(a);
    const [b] = summaries.of([row(1, 'Piece 1 renamed')], house);
    expect(b).not.toBe(a);
    expect(b!.name).toBe('Piece 1 renamed');
  });

  it("makes a member piece's summary again when her rating moves, and freezes the rating", () => {
    const summaries = createListSummaries(pictures);
    const r = row(2, 'Coat', 'lender-1');
    let rating: { average: number; count: number } | null = null;
    const [none] = summaries.of([r], () => rating);
    expect(none!.lenderRating).toBeNull();
    rating = { average: 5, count: 1 };
    const [rated] = summaries.of([r], () => rating);
    expect(rated!.lenderRating).toEqual({ average: 5, count: 1 });
    expect(Object.isFrozen(rated!.lenderRating)).toBe(true);
    expect(summaries.of([r], () => ({ average: 5, count: 1 }))[0]).toBe(rated);
    expect(summaries.of([r], () => ({ average: 4.5, count: 2 }))[0]!.lenderRating).toEqual({ average: 4.5, count: 2 });
  });

  it('keeps at most its bound: the least recently shown is made again', () => {
    const summaries = createListSummaries(pictures, 2);
    const rows = [row(1), row(2), row(3)];
    const [first] = summaries.of([rows[0]!], house);
    summaries.of(rows.slice(1), house);
    expect(summaries.of([rows[2]!], house)[0]).toBe(summaries.of([rows[2]!], house)[0]);
    const again = summaries.of([rows[0]!], house)[0];
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps the order asked, mixing kept and new summaries', () => {
    const summaries = createListSummaries(pictures);
    const rows = [row(5), row(6), row(7)];
    summaries.of([rows[1]!], house);
    expect(summaries.of(rows, house).map((s) => s.id)).toEqual([5, 6, 7]);
  });
});
