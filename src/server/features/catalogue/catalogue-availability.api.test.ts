import { beforeAll, describe, expect, it } from 'vitest';

import { makeBooking, makeItem } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { SWATCHES } from '../../pictures/colour';
import { CATALOGUE } from './data/catalogue';
import { catalogueTestApp } from './catalogue.test-helpers';

/*
 * The catalogue on the seeded database: availability for dates (held units, shipping and cleaning
 * days), hidden items, members' pieces, facets and the item pictures. The rest is in
 * catalogue.api.test.ts, the setup in catalogue.test-helpers.ts.
 */
const app = catalogueTestApp();
const { json, all, full } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`catalogue (${process.env.TEST_DIALECT})`, () => {
  describe('availability', () => {
    it('a held unit makes the item unavailable for dates whose own held days overlap (shipping day, cleaning window)', async () => {
      const db = t.ctx.database.db;
      const id = 61; // Self-Portrait lace dress, Women, XS-XL
      const units = await db.selectFrom('item_units').select(['id', 'size']).where('item_id', '=', id).execute();
      const mUnits = units.filter((u) => u.size === 'M');
      expect(mUnits.length).toBeGreaterThan(0);
      const now = new Date().toISOString();
      // Every M unit is held 2027-01-10 .. 2027-01-17 (end exclusive: a booking holds the days a rental occupies its unit).
      for (const u of mUnits) {
        await makeBooking(db, { unitId: u.id, itemId: id, start: '2027-01-10', end: '2027-01-17', createdAt: now });
      }
      // A delivered week [from, to) needs its unit from the day before `from` to 2 days after `to` (decision 0031).
      const ids = async (qs: string) => (await all(qs, 48)).map((i) => i.id);
      expect(await ids('size=M&from=2027-01-12&to=2027-01-19')).not.toContain(id);
      expect(await ids('size=M&from=2027-01-03&to=2027-01-11')).not.toContain(id);
      expect(await ids('size=M&from=2027-01-17&to=2027-01-24')).not.toContain(id); // would ship 01-16, still held
      expect(await ids('size=M&from=2027-01-18&to=2027-01-25')).toContain(id); // ships 01-17, the day it is free
      expect(await ids('size=M&from=2027-01-03&to=2027-01-08')).toContain(id); // cleaned by 01-10
      expect(await ids('size=M&from=2027-01-03&to=2027-01-09')).not.toContain(id); // cleaning runs into 01-10
      expect(await ids('size=S&from=2027-01-12&to=2027-01-19')).toContain(id); // another size is free
      expect(await ids('from=2027-01-12&to=2027-01-19')).toContain(id); // some size is free

      const service = t.services.catalogue;
      expect(await service.findFreeUnit(db, id, 'M', '2027-01-12', '2027-01-19')).toBeNull();
      expect(await service.findFreeUnit(db, id, 'M', '2027-01-17', '2027-01-24')).toBeNull();
      expect(mUnits.map((u) => u.id)).toContain(
        await service.findFreeUnit(db, id, 'M', '2027-01-17', '2027-01-24', 'pickup'),
      ); // no shipping day
      expect(mUnits.map((u) => u.id)).toContain(await service.findFreeUnit(db, id, 'M', '2027-01-18', '2027-01-25'));
      expect(await service.nextFreeDate(db, id, 'M', '2027-01-12', 7)).toBe('2027-01-18');
      expect(await service.nextFreeDate(db, id, 'M', '2027-01-12', 7, 'pickup')).toBe('2027-01-17');
      expect(await service.nextFreeDate(db, id, 'M', '2027-01-01', 7)).toBe('2027-01-01');
      expect(await service.nextFreeDate(db, id, 'M', '2027-01-05', 7)).toBe('2027-01-18'); // 5 days before is too short

      const avail = await json<{ sizes: { size: string; available: boolean; nextFreeDate: string | null }[] }>(
        `/api/items/${id}/availability?from=2027-01-12&to=2027-01-19`,
      );
      expect(avail.body.sizes.find((s) => s.size === 'M')).toMatchObject({
        available: false,
        nextFreeDate: '2027-01-18',
      });
      expect(avail.body.sizes.find((s) => s.size === 'S')).toMatchObject({
        available: true,
        nextFreeDate: '2027-01-12',
      });

      // A released booking no longer holds the unit.
      await db.updateTable('bookings').set({ released_at: now }).where('item_id', '=', id).execute();
      expect(await ids('size=M&from=2027-01-12&to=2027-01-19')).toContain(id);
    });
  });

  it('hides items whose status is not active', async () => {
    const db = t.ctx.database.db;
    await db.updateTable('items').set({ status: 'removed' }).where('id', '=', 2).execute();
    try {
      expect((await all('', 48)).map((i) => i.id)).not.toContain(2);
      expect((await t.request('/api/items/2')).status).toBe(404);
    } finally {
      await db.updateTable('items').set({ status: 'active' }).where('id', '=', 2).execute();
    }
  });

  it("a member's listing inserted after the seed gets a fresh id and is marked fromMember", async () => {
    const m = await t.signUp();
    const db = t.ctx.database.db;
    const id = await makeItem(db, {
      name: 'Cream Linen Blazer',
      brand: 'COS',
      category: 'Jackets',
      gender: 'Women',
      sizes: ['M'],
      units: 0,
      colour: 'cream',
      tags: '',
      retailCents: 15000,
      priceCents: 799,
      ownerId: m.id,
      listed: false,
      rating: 0,
      reviewCount: 0,
      rentalCount: 0,
      isNew: true,
      description: 'My own blazer.',
      materials: null,
      careInstructions: null,
      status: 'active',
      createdAt: new Date().toISOString(),
    });
    expect(id).toBeGreaterThan(84);
    expect((await full(id)).fromMember).toBe(true);
    await db.deleteFrom('items').where('id', '=', id).execute();
  });

  it('counts facets within a tab', async () => {
    const { body } = await json<{
      total: number;
      categories: { value: string; count: number }[];
      brands: { value: string; count: number }[];
      sizes: { value: string; count: number }[];
    }>('/api/items/facets?gender=Women');
    const women = CATALOGUE.filter((i) => i.gender === 'Women');
    expect(body.total).toBe(women.length);
    expect(body.categories.find((c) => c.value === 'Hoodies')?.count).toBe(
      women.filter((i) => i.category === 'Hoodies').length,
    );
    expect(body.brands.find((c) => c.value === 'Nike')?.count).toBe(3);
    expect(body.sizes.find((s) => s.value === 'XS')?.count).toBeGreaterThan(10);
    const brands = await json<{ brands: string[] }>('/api/items/brands');
    expect(brands.body.brands.length).toBe(37);
  });

  it('serves a cacheable SVG picture per item, coloured from the item', async () => {
    // The first picture URL of earlier versions: still the item's front view.
    const res = await t.request('/api/items/75/image.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(SWATCHES.peach);
    const black = await (await t.request('/api/items/77/image.svg')).text();
    expect(black).toContain(SWATCHES.black);
    expect(black).not.toContain(SWATCHES.peach);
    const again = await t.request('/api/items/75/image.svg', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await t.request('/api/items/5/image.svg')).status).toBe(404);
  });
});
