import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  DISCOVERY_CATEGORIES,
  ITEM_SORTS,
  type CatalogueItem,
  type ItemPage,
  type ItemSort,
} from '../../../domain/catalogue';
import type { TestApp } from '../../test/test-app';
import { CATALOGUE } from './data/catalogue';
import { catalogueTestApp } from './catalogue.test-helpers';

/*
 * The catalogue on the seeded database: what is seeded, the filters, the sorts and the cursor,
 * and validation. Availability, members' pieces, facets and pictures are in
 * catalogue-availability.api.test.ts, the setup in catalogue.test-helpers.ts.
 */
const app = catalogueTestApp();
const { json, all, full } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`catalogue (${process.env.TEST_DIALECT})`, () => {
  it('seeds the catalogue: ~75 items, ids 2..84 with gaps, 37 brands, every category, 1-3 units per size', async () => {
    const items = await all('', 48);
    const ids = items.map((i) => i.id).sort((a, b) => a - b);
    expect(ids.length).toBe(75);
    expect(new Set(ids).size).toBe(75);
    expect(ids[0]).toBe(2);
    expect(ids.at(-1)).toBe(84);
    expect(new Set(items.map((i) => i.brand)).size).toBe(37);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(items.map((i) => i.gender))).toEqual(new Set(['Women', 'Men']));
    const units = await t.ctx.database.db
      .selectFrom('item_units')
      .select(['item_id', 'size', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['item_id', 'size'])
      .execute();
    expect(units.every((u) => Number(u.n) >= 1 && Number(u.n) <= 3)).toBe(true);
    expect(new Set(units.map((u) => Number(u.n)))).toEqual(new Set([1, 2, 3]));
  });

  it('is idempotent: seeding again changes nothing', async () => {
    const { catalogueSeed } = await import('./catalogue.seed');
    const before = await t.ctx.database.db
      .selectFrom('item_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await catalogueSeed.run(t.ctx);
    const after = await t.ctx.database.db
      .selectFrom('item_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('has the ten hoodies of SPEC 3 with every fact, by id and by slug', async () => {
    const facts: [number, string, string, number, number, number, number, boolean][] = [
      [75, 'Nike Peach Zip-Up Hoodie', 'peach-nike-zip-up-hoodie', 8999, 4.6, 124, 12, true],
      [76, 'Columbia Cream Fleece Pullover', 'columbia-cream-fleece-pullover', 9499, 4.5, 98, 8, false],
      [77, 'The North Face Black Fleece Half-Zip', 'black-north-face-fleece-half-zip', 12999, 4.8, 156, 15, true],
      [78, 'Urban Outfitters Anime Ramen Print Hoodies', 'anime-ramen-print-hoodies', 10499, 4.4, 89, 4, true],
      [79, 'Tommy Jeans Grey Crop Sweatshirt', 'tommy-jeans-grey-crop-sweatshirt', 10999, 4.7, 134, 19, false],
      [80, 'Nike Orange Striped Sweatshirt', 'orange-nike-striped-sweatshirt', 11499, 4.6, 112, 7, true],
      [81, 'Nike Red Half-Zip Pullover', 'red-nike-half-zip-pullover', 11999, 4.8, 167, 11, true],
      [82, 'Stussy Butterfly Print Sweatshirt', 'butterfly-print-sweatshirt', 12199, 4.5, 93, 3, false],
      [83, 'Brandy Melville Angel Wings Hoodie', 'angel-wings-hoodie', 11699, 4.7, 145, 17, true],
      [84, 'Adidas Taupe Half-Zip Pullover', 'adidas-taupe-half-zip-pullover', 11199, 4.6, 128, 9, false],
    ];
    for (const [id, name, slug, retail, rating, reviews, rentals, isNew] of facts) {
      const item = await full(id);
      expect(item).toMatchObject({
        id,
        name,
        slug,
        category: 'Hoodies',
        gender: 'Women',
        sizes: ['XS', 'S', 'M', 'L', 'XL'],
        rentalPriceCents: 999,
        retailPriceCents: retail,
        rating,
        reviewCount: reviews,
        rentalCount: rentals,
        isNew,
        fromMember: false,
      });
      // No photos: the generated front, back and detail views, the front first.
      expect(item.images.map((i) => [i.kind, i.view])).toEqual([
        ['illustration', 'front'],
        ['illustration', 'back'],
        ['illustration', 'detail'],
      ]);
      expect(item.imageUrl).toBe(item.images[0]!.url);
      expect(item.imageUrl).toMatch(new RegExp(`^/api/items/${id}/pictures/front\\.svg\\?v=\\d+-[0-9a-z]+$`));
      expect(item.description.length).toBeGreaterThan(40);
      expect(item.materials).toBeTruthy();
      expect(item.careInstructions).toBeTruthy();
      const bySlug = await json<CatalogueItem>(`/api/items/by-slug/${slug}`);
      expect(bySlug.body).toEqual(item);
    }
    expect((await t.request('/api/items/by-slug/no-such-hoodie')).status).toBe(404);
  });

  it('answers 404 for an unknown id and 400 naming the parameter for a non-numeric one', async () => {
    const missing = await json<{ error: { code: string } }>('/api/items/5');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const bad = await json<{ error: { message: string } }>('/api/items/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/\bid\b/);
  });

  describe('filters', () => {
    it('gender', async () => {
      for (const gender of ['Women', 'Men']) {
        const items = await all(`gender=${gender}`);
        expect(items.length).toBe(CATALOGUE.filter((i) => i.gender === gender).length);
        expect(items.every((i) => i.gender === gender)).toBe(true);
      }
    });

    it('category', async () => {
      const items = await all('category=Dresses');
      expect(items.length).toBe(CATALOGUE.filter((i) => i.category === 'Dresses').length);
      expect(items.every((i) => i.category === 'Dresses')).toBe(true);
      const menJackets = await all('gender=Men&category=Jackets');
      expect(menJackets.map((i) => i.id).sort()).toEqual(
        CATALOGUE.filter((i) => i.gender === 'Men' && i.category === 'Jackets')
          .map((i) => i.id)
          .sort(),
      );
    });

    it('discovery (Work Outfit and Mountain Outfit only)', async () => {
      const items = await all('discovery=true');
      expect(items.length).toBe(
        CATALOGUE.filter((i) => (DISCOVERY_CATEGORIES as readonly string[]).includes(i.category)).length,
      );
      expect(new Set(items.map((i) => i.category))).toEqual(new Set(DISCOVERY_CATEGORIES));
    });

    it('size', async () => {
      const items = await all('size=42');
      expect(items.length).toBeGreaterThan(0);
      for (const i of items) expect((await full(i.id)).sizes).toContain('42');
      const oneSize = await all('size=One%20Size');
      expect(oneSize.every((i) => i.category === 'Accessories')).toBe(true);
    });

    it('brand', async () => {
      const items = await all('brand=Nike');
      expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual([43, 75, 80, 81]);
      expect(await all('brand=No%20Such%20Brand')).toEqual([]);
    });

    it('text search in name and brand, case-insensitive, wildcards taken literally', async () => {
      const peach = await all('q=PEACH');
      expect(peach.map((i) => i.id).sort((a, b) => a - b)).toEqual([37, 59, 75]);
      const northFace = await all('q=north%20face');
      expect(northFace.every((i) => i.brand === 'The North Face')).toBe(true);
      expect(await all('q=%25')).toEqual([]);
    });

    it('theme=summer-party: items tagged summer or party', async () => {
      const items = await all('theme=summer-party');
      const expected = CATALOGUE.filter((i) => i.tags.includes('summer') || i.tags.includes('party')).map((i) => i.id);
      expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    });

    it('combines filters', async () => {
      const items = await all('gender=Women&category=Hoodies&size=XS&brand=Nike');
      expect(items.map((i) => i.id).sort()).toEqual([75, 80, 81]);
    });
  });

  describe('sorts and cursor', () => {
    // relevance needs a search: search.api.test.ts covers it.
    const key: Record<Exclude<ItemSort, 'relevance' | 'recommended'>, (i: CatalogueItem) => number | string> = {
      popular: (i) => i.rentalCount,
      newest: (i) => CATALOGUE.find((c) => c.id === i.id)!.isNew + String(i.id).padStart(3, '0'),
      'price-asc': (i) => i.rentalPriceCents,
      'price-desc': (i) => i.rentalPriceCents,
      rating: (i) => i.rating,
    };

    // recommended: ranking.api.test.ts.
    for (const sort of ITEM_SORTS.filter((s) => s !== 'relevance' && s !== 'recommended')) {
      it(`${sort}: ordered, and pages hold every item once`, async () => {
        for (const limit of [1, 5, 48]) {
          const items = await all(`sort=${sort}`, limit);
          const ids = items.map((i) => i.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBe(75);
          if (limit !== 5) continue;
          const fulls = await Promise.all(ids.map(full));
          const asc = sort === 'price-asc';
          for (let n = 1; n < fulls.length; n++) {
            const a = fulls[n - 1]!;
            const b = fulls[n]!;
            if (sort === 'newest') continue; // checked below against created_at
            const [ka, kb] = [key[sort](a), key[sort](b)];
            if (asc) expect(ka <= kb).toBe(true);
            else expect(ka >= kb).toBe(true);
            if (ka === kb) expect(asc ? a.id < b.id : a.id > b.id).toBe(true);
          }
        }
      });
    }

    it('newest puts the new pieces first', async () => {
      const items = await all('sort=newest', 48);
      const firstOld = items.findIndex((i) => !i.isNew);
      expect(firstOld).toBeGreaterThan(0);
      expect(items.slice(firstOld).every((i) => !i.isNew)).toBe(true);
    });

    it('a cursor keeps working with filters', async () => {
      const items = await all('gender=Women&sort=price-desc', 4);
      expect(items.length).toBe(CATALOGUE.filter((i) => i.gender === 'Women').length);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    });
  });

  describe('validation names the parameter and why', () => {
    const cases: [string, RegExp][] = [
      ['category=Hats', /category must be one of/],
      ['gender=Kids', /gender must be one of/],
      ['size=XXL', /size must be one of/],
      ['sort=cheapest', /sort must be one of/],
      ['theme=winter', /theme must be one of/],
      ['limit=49', /limit must be a whole number from 1 to 48/],
      ['limit=0', /limit/],
      ['limit=ten', /limit/],
      ['from=2027-02-30&to=2027-03-02', /from must be a date/],
      ['from=2027-01-10&to=tomorrow', /to must be a date/],
      ['from=2027-01-10', /to is required when from is given/],
      ['to=2027-01-10', /from is required/],
      ['from=2027-01-10&to=2027-01-10', /to must be after from/],
      ['cursor=garbage', /cursor/],
      ['discovery=maybe', /discovery/],
    ];
    for (const [qs, message] of cases) {
      it(qs, async () => {
        const { status, body } = await json<{ error: { code: string; message: string; issues: { path: string }[] } }>(
          `/api/items?${qs}`,
        );
        expect(status).toBe(400);
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.message).toMatch(message);
        const path = body.error.issues[0]?.path ?? '';
        expect(path.length).toBeGreaterThan(0);
        expect(body.error.message.startsWith(`Invalid query parameter: ${path} `)).toBe(true);
      });
    }

    it('a cursor from another sort', async () => {
      const page = await json<ItemPage>('/api/items?sort=rating&limit=2');
      const res = await json<{ error: { message: string } }>(`/api/items?sort=popular&cursor=${page.body.nextCursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/cursor belongs to another sort/);
    });
  });
});
