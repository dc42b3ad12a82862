import { describe, expect, it } from 'vitest';
import { RETAIL_TO_WEEKLY, rentalPriceForCategory } from '../../../../domain/catalogue';
import { CATALOGUE } from './catalogue';

// Issue 15: a $5,290 jacket rented at $7.99 a week. Retail prices follow the weekly price.
describe('house catalogue prices', () => {
  it('prices every piece at 9 to 13 times its weekly price, the proportion of the SPEC hoodies', () => {
    const outside = CATALOGUE.map((item) => ({ item, weekly: item.price ?? rentalPriceForCategory(item.category) }))
      .filter(({ item, weekly }) => Math.round(item.retail / weekly) < RETAIL_TO_WEEKLY.min || Math.round(item.retail / weekly) > RETAIL_TO_WEEKLY.max)
      .map(({ item, weekly }) => `${item.id} ${item.name}: ${item.retail} at ${weekly} a week`);
    expect(outside).toEqual([]);
  });

  it('keeps the SPEC facts of the ten hoodies', () => {
    const hoodies = CATALOGUE.filter((i) => i.id >= 75 && i.id <= 84).map((i) => [i.id, i.retail, i.price]);
    expect(hoodies).toEqual([
      [75, 8999, 999],
      [76, 9499, 999],
      [77, 12999, 999],
      [78, 10499, 999],
      [79, 10999, 999],
      [80, 11499, 999],
      [81, 11999, 999],
      [82, 12199, 999],
      [83, 11699, 999],
      [84, 11199, 999],
    ]);
  });
});
