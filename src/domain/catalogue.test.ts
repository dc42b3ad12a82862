import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema, addDays, checkListQuery, isIsoDate, rentalPriceForCategory } from './catalogue';

describe('catalogue rules', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-1')).toBe(false);
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('prices by category, with the default for the rest', () => {
    expect(rentalPriceForCategory('Dresses')).toBe(2999);
    expect(rentalPriceForCategory('Mountain Outfit')).toBe(4999);
    expect(rentalPriceForCategory('Capes')).toBe(999);
  });

  it('applies defaults and checks from/to together', () => {
    const parsed = ItemListQuerySchema.parse({ gender: 'Women', discovery: '1', limit: '12' });
    expect(checkListQuery(parsed)).toEqual({
      ok: true,
      query: expect.objectContaining({ gender: 'Women', discovery: true, limit: 12, sort: 'popular' }),
    });
    expect(checkListQuery({ from: '2027-01-10' })).toEqual({
      ok: false,
      path: 'to',
      message: 'is required when from is given',
    });
    expect(checkListQuery({ from: '2027-01-10', to: '2027-01-09' })).toMatchObject({ ok: false, path: 'to' });
    expect(checkListQuery({ from: '2027-01-10', to: '2027-06-10' })).toMatchObject({
      ok: false,
      path: 'to',
      message: /90 days/,
    });
  });

  it('names the bad parameter', () => {
    const r = ItemListQuerySchema.safeParse({ category: 'Hats', limit: '100' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    expect(paths).toContain(
      'category must be one of Jackets, Pants, Accessories, Sets, Work Outfit, Skirts, Hoodies, Shirts, Mountain Outfit, Dresses, Tops, Shoes',
    );
    expect(paths).toContain('limit must be a whole number from 1 to 48');
  });
});
