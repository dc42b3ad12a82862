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

describe('house catalogue review counts', () => {
  it("never counts more reviews than times rented, except the SPEC's hoodies, whose pages say their ratings came with the catalogue", () => {
    const above = CATALOGUE.filter((i) => i.reviews > i.rentals).map((i) => i.id);
    expect(above).toEqual([75, 76, 77, 78, 79, 80, 81, 82, 83, 84]);
    const hoodies = CATALOGUE.filter((i) => i.id >= 75 && i.id <= 84).map((i) => [i.id, i.rating, i.reviews, i.rentals]);
    expect(hoodies).toEqual([
      [75, 4.6, 124, 12],
      [76, 4.5, 98, 8],
      [77, 4.8, 156, 15],
      [78, 4.4, 89, 4],
      [79, 4.7, 134, 19],
      [80, 4.6, 112, 7],
      [81, 4.8, 167, 11],
      [82, 4.5, 93, 3],
      [83, 4.7, 145, 17],
      [84, 4.6, 128, 9],
    ]);
  });
});
