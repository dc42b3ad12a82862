import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemPage } from '../../../domain/catalogue';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { countedRental } from './catalogue.test-helpers';

/*
 * Recommended's signals from what members do (decision 0071), through the API on both databases:
 * rentals in the last 90 days lift a piece (older ones do not), favorites lift a piece and an
 * unlike takes it back, and pieces close to what she liked come first for her. Each change is
 * made after the index has loaded, so each is also followed through the change log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date('2026-12-01T10:00:00.000Z') });
});
afterAll(async () => {
  await t?.close();
});

async function ids(query: string, as?: TestMember): Promise<number[]> {
  const out: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const url: string = `/api/items?sort=recommended&${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await (as ? as.request(url) : t.request(url));
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as ItemPage;
    out.push(...page.items.map((i) => i.id));
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

const base = {
  colour: 'black',
  brand: 'House Label',
  priceCents: 5000,
  rating: 4,
  rentalCount: 0,
  sizes: ['S'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe(`Recommended's signals from members (${process.env.TEST_DIALECT})`, () => {
  it('lifts a piece rented in the last 90 days; rentals before then do not count', async () => {
    const [a, b, c] = [
      await makeItem(t, { ...base, category: 'Skirts', name: 'Skirt A' }),
      await makeItem(t, { ...base, category: 'Skirts', name: 'Skirt B' }),
      await makeItem(t, { ...base, category: 'Skirts', name: 'Skirt C' }),
    ];
    expect(await ids('category=Skirts')).toEqual([a, b, c]);
    const m = await t.signUp();
    await countedRental(t, b, m.id, '2026-11-20T09:00:00.000Z');
    await countedRental(t, b, m.id, '2026-09-10T09:00:00.000Z'); // 82 days before: recent
    for (let n = 0; n < 5; n++) await countedRental(t, c, m.id, '2026-08-01T09:00:00.000Z'); // 122 days before
    expect(await ids('category=Skirts')).toEqual([b, a, c]);
  });

  it('lifts a piece in members’ favorites, and lets it go when they take it out', async () => {
    const [d, e] = [
      await makeItem(t, { ...base, category: 'Shirts', name: 'Shirt D' }),
      await makeItem(t, { ...base, category: 'Shirts', name: 'Shirt E' }),
    ];
    expect(await ids('category=Shirts')).toEqual([d, e]);
    const fans = [await t.signUp(), await t.signUp()];
    for (const fan of fans) expect((await fan.request(`/api/favorites/${e}`, { method: 'PUT' })).status).toBe(200);
    expect(await ids('category=Shirts')).toEqual([e, d]);
    for (const fan of fans) expect((await fan.request(`/api/favorites/${e}`, { method: 'DELETE' })).status).toBe(204);
    expect(await ids('category=Shirts')).toEqual([d, e]);
  });

  it('puts pieces close to what she liked first for her, and only for her', async () => {
    const liked = await makeItem(t, { ...base, category: 'Shoes', brand: 'Maison Vert', colour: 'green' });
    const [plain, close] = [
      await makeItem(t, { ...base, category: 'Hoodies', name: 'Grey Hoodie', colour: 'grey' }),
      await makeItem(t, { ...base, category: 'Hoodies', name: 'Green Hoodie', brand: 'Maison Vert', colour: 'green' }),
    ];
    const her = await t.signUp();
    expect(await ids('category=Hoodies', her)).toEqual([plain, close]);
    expect((await her.request(`/api/favorites/${liked}`, { method: 'PUT' })).status).toBe(200);
    expect(await ids('category=Hoodies', her)).toEqual([close, plain]);
    // Another member, or a visitor, sees the pieces as equals (the lower id first).
    expect(await ids('category=Hoodies', await t.signUp())).toEqual([plain, close]);
    expect(await ids('category=Hoodies')).toEqual([plain, close]);
    expect((await her.request('/api/items?sort=recommended')).headers.get('cache-control')).toMatch(/private/);
  });
});
