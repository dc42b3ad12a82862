import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemPage } from '../../../domain/catalogue';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countedRental } from './catalogue.test-helpers';

/*
 * The Recommended sort and "You may also like" through the API (decision 0065), on both
 * databases. The blend's properties are in ranking.test.ts (fast-check).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date('2026-12-01T10:00:00.000Z') });
});
afterAll(async () => {
  await t?.close();
});

async function ids(path: string, cookie?: { request: (p: string) => Promise<Response> }): Promise<number[]> {
  const out: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const url: string = `${path}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await (cookie ? cookie.request(url) : t.request(url));
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as ItemPage;
    out.push(...page.items.map((i) => i.id));
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe(`recommended and similar pieces (${process.env.TEST_DIALECT})`, () => {
  let plain: number, popular: number, fresh: number, inL: number, other: number;
  beforeAll(async () => {
    const { db } = t.ctx.database;
    const base = {
      category: 'Dresses',
      colour: 'black',
      priceCents: 5000,
      rating: 4,
      rentalCount: 5,
      sizes: ['S'],
      createdAt: '2026-06-01T00:00:00.000Z',
    };
    plain = await makeItem(db, { ...base, name: 'Plain' });
    // Rented in the last 90 days (decision 0071): all-time rentals alone are not a signal.
    popular = await makeItem(db, { ...base, name: 'Popular', rentalCount: 80 });
    const renter = await t.signUp();
    for (const day of ['2026-11-02', '2026-11-20', '2026-11-28'])
      await countedRental(t, popular, renter.id, `${day}T12:00:00.000Z`);
    fresh = await makeItem(db, { ...base, name: 'Fresh', createdAt: '2026-11-30T00:00:00.000Z' });
    inL = await makeItem(db, { ...base, name: 'In L', sizes: ['L'] });
    other = await makeItem(db, { ...base, name: 'Jacket', category: 'Jackets', colour: 'red', priceCents: 20000 });
  });

  it('lists every filtered piece once, page by page, better signals first', async () => {
    const got = await ids('/api/items?sort=recommended&category=Dresses');
    expect([...got].sort((a, b) => a - b)).toEqual([plain, popular, fresh, inL].sort((a, b) => a - b));
    expect(got.indexOf(popular)).toBeLessThan(got.indexOf(plain));
    expect(got.indexOf(fresh)).toBeLessThan(got.indexOf(plain));
    // Without her sizes, In L is Plain's equal: the lower id first.
    expect(got.indexOf(plain)).toBeLessThan(got.indexOf(inL));
    expect(await ids('/api/items?sort=recommended')).toHaveLength(5);
  });

  it('lifts the pieces in her size for her, privately', async () => {
    const m = await t.signUp();
    const fit = await m.request('/api/reviews/fit-details', {
      method: 'PUT',
      json: { usualSize: 'L', heightCm: 170, bustCm: null, waistCm: null, hipsCm: null },
    });
    expect(fit.status, await fit.clone().text()).toBe(200);
    const got = await ids('/api/items?sort=recommended&category=Dresses', m);
    expect(got.indexOf(inL)).toBeLessThan(got.indexOf(plain));
    const res = await m.request('/api/items?sort=recommended');
    expect(res.headers.get('cache-control')).toMatch(/private/);
  });

  it('shows similar pieces: never the piece itself, same category first; 404 for an unknown piece', async () => {
    const res = await t.request(`/api/items/${plain}/similar`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id);
    expect(items).not.toContain(plain);
    expect(items.slice(0, 3).sort()).toEqual([popular, fresh, inL].sort());
    expect((await t.request('/api/items/99999/similar')).status).toBe(404);
    expect(other).toBeGreaterThan(0);
  });
});
