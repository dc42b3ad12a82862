import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { occupancyOf } from '../../../domain/availability';
import { checkListQuery, type ItemFacets } from '../../../domain/catalogue';
import { makeBooking, makeUnit } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sqlFacetDefinition } from './facet-definition.test-helpers';
import { businessDayFromToday } from '../../test/business-day';

/*
 * The search index's facet counts (decision 0057; popcounts of bitsets) answer exactly what the SQL
 * definition (facet-definition.test-helpers.ts, decision 0024) answers, for every filter alone and
 * combined, with and without search and dates, and still after the catalogue changes (an item
 * removed, a unit added, units booked). The search's matches are the ids the list finds for its words.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SCENARIOS = [
  '',
  'gender=Women',
  'gender=Men',
  'discovery=true',
  'discovery=true&category=Dresses',
  'discovery=true&category=Work%20Outfit&size=M',
  'theme=summer-party',
  'gender=Women&category=Dresses',
  'gender=Women&size=M',
  'gender=Women&size=48',
  'gender=Men&size=44&brand=Gucci',
  'brand=Zara',
  'brand=No%20Such%20Brand',
  'gender=Women&colour=black',
  'gender=Women&occasion=party&minPrice=1000',
  'gender=Men&minPrice=900&maxPrice=1500',
  'gender=Women&category=Dresses&size=S&colour=red&occasion=evening',
  'q=black',
  'q=blak%20dres&gender=Women',
  'q=coat&size=M',
  'q=%21%21',
];
const RANGES = ['', '&from=2030-03-01&to=2030-03-08', '&from=2030-03-05&to=2030-03-06'];

async function viaApi(qs: string): Promise<ItemFacets> {
  const res = await t.request(`/api/items/facets?${qs}`);
  expect(res.status, qs).toBe(200);
  return (await res.json()) as ItemFacets;
}

async function viaSql(qs: string): Promise<Omit<ItemFacets, 'tabs'>> {
  const { database } = t.ctx;
  const facets = sqlFacetDefinition(database.db);
  const checked = checkListQuery(Object.fromEntries(new URLSearchParams(qs)));
  if (!checked.ok) throw new Error(checked.message);
  const { sort: _s, cursor: _c, limit: _l, ...asked } = checked.query;
  // The SQL definition is asked for the days a unit is held (the delivered case: decision 0031).
  const held =
    asked.from && asked.to
      ? occupancyOf(
          { startDate: asked.from, endDate: asked.to },
          'delivery',
          { cleaningDays: t.ctx.env.cleaningDays },
          businessDayFromToday(),
        )
      : null;
  const filters = held ? { ...asked, from: held.start, to: held.end } : asked;
  // The search's matches: every item the list finds for the words alone.
  let matches: number[] | null = null;
  if (filters.q) {
    matches = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(
        `/api/items?q=${encodeURIComponent(filters.q)}&limit=48${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = (await res.json()) as { items: { id: number }[]; nextCursor: string | null };
      matches.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
  }
  return facets(filters, matches);
}

/** Lists compared as sets of value -> count (the order is each database's own). */
const normal = ({ tabs: _tabs, ...f }: Omit<ItemFacets, 'tabs'> & { tabs?: unknown }) => ({
  ...f,
  categories: Object.fromEntries(f.categories.map((c) => [c.value, c.count])),
  brands: Object.fromEntries(f.brands.map((c) => [c.value, c.count])),
  colours: Object.fromEntries(f.colours.map((c) => [c.value, c.count])),
  sizes: Object.fromEntries(f.sizes.map((c) => [c.value, c.count])),
  occasions: Object.fromEntries(f.occasions.map((c) => [c.value, c.count])),
});

async function expectSame() {
  for (const s of SCENARIOS) {
    for (const r of RANGES) {
      const qs = s + r;
      expect(normal(await viaApi(qs)), qs).toEqual(normal(await viaSql(qs)));
    }
  }
}

describe(`facet index (${process.env.TEST_DIALECT})`, () => {
  it('counts what the SQL definition counts, for every filter alone and combined', async () => {
    await expectSame();
  });

  it('follows the catalogue at once: an item removed, a unit added, units booked', async () => {
    const { db } = t.ctx.database;
    const women = await viaApi('gender=Women');
    const dress = await db
      .selectFrom('items')
      .select(['id'])
      .where('gender', '=', 'Women')
      .where('category', '=', 'Dresses')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    await db.updateTable('items').set({ status: 'removed' }).where('id', '=', dress.id).execute();
    expect((await viaApi('gender=Women')).total).toBe(women.total - 1);
    const other = await db
      .selectFrom('items')
      .select(['id', 'brand', 'category'])
      .where('gender', '=', 'Women')
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = (await viaApi('gender=Women&size=48')).total;
    await makeUnit(t, other.id, { size: '48', unitNo: 99 });
    // The item's size bits follow its units (triggers): the list and the counts see the new size.
    const only = (size: string) =>
      `/api/items?gender=Women&size=${size}&brand=${encodeURIComponent(other.brand)}&category=${encodeURIComponent(other.category)}&limit=48`;
    const res = await t.request(only('48'));
    expect(((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toContain(other.id);
    expect((await viaApi('gender=Women&size=48')).total).toBe(before + 1);
    const extra = await makeUnit(t, other.id, { size: '46', unitNo: 98 });
    await db.deleteFrom('item_units').where('id', '=', extra).execute();
    const after46 = await t.request(only('46'));
    expect(((await after46.json()) as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(other.id);
    // Book every unit of a few items for the first range.
    const units = await db
      .selectFrom('item_units')
      .select(['id', 'item_id'])
      .where('item_id', 'in', [other.id, other.id + 1, other.id + 2])
      .execute();
    for (const u of units)
      await makeBooking(t, {
        unitId: u.id,
        itemId: u.item_id,
        start: '2030-03-02',
        end: '2030-03-09',
        createdAt: new Date().toISOString(),
      });
    await expectSame();
  });

  // SQLite reads the change log only when its change token moved (decision 0057): a commit by
  // another connection (another process on the same file) moves it through `data_version`.
  it.runIf(process.env.TEST_DIALECT === 'sqlite')(
    "follows another connection's commit on the same SQLite file",
    async () => {
      const file = t.ctx.database.sqlite!.name;
      const other = createDatabase({ databaseUrl: `sqlite:${file}`, dataDir: path.dirname(file) });
      try {
        const men = await viaApi('gender=Men');
        await viaApi('gender=Men'); // read again: nothing moved, the log is not read
        const item = await other.db
          .selectFrom('items')
          .select('id')
          .where('gender', '=', 'Men')
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow();
        await other.db.updateTable('items').set({ status: 'removed' }).where('id', '=', item.id).execute();
        expect((await viaApi('gender=Men')).total).toBe(men.total - 1);
      } finally {
        await other.destroy();
      }
    },
  );
});
