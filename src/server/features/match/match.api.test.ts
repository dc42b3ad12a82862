import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DailyViews, Deck, Favorite, FavoriteList, Progress, SwipeResult } from '../../../domain/match';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

let t: TestApp;
let now = new Date('2026-11-22T10:00:00.000Z');
const women: number[] = [];
const men: number[] = [];
let removedId = 0;

/** Inserts catalogue rows directly (the catalogue seed is off in API tests). */
async function insertItem(n: number, gender: 'Women' | 'Men', status = 'active'): Promise<number> {
  return makeItem(t, {
    name: `${gender} Piece ${n}`,
    brand: n % 2 ? 'Maison Test' : 'Atelier Spec',
    category: 'Dresses',
    gender,
    sizes: ['XS', 'S', 'M'],
    units: 0,
    retailCents: 19999 + n,
    priceCents: 2999,
    reviewCount: 10 + n,
    rentalCount: n,
    isNew: n % 2 === 1,
    description: `Description ${n}`,
    materials: '100% silk',
    careInstructions: 'Dry clean only',
    status,
    colour: 'ivory',
    createdAt: '2026-11-01T00:00:00.000Z',
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  for (let i = 0; i < 30; i++) women.push(await insertItem(i, 'Women'));
  for (let i = 0; i < 5; i++) men.push(await insertItem(100 + i, 'Men'));
  removedId = await insertItem(999, 'Women', 'removed');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  now = new Date('2026-11-22T10:00:00.000Z');
});

const swipe = (m: TestMember, itemId: number, action: 'like' | 'skip') =>
  m.request('/api/match/swipes', { method: 'POST', json: { itemId, action } });
const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const daily = async (m: TestMember) => json<DailyViews>(await m.request('/api/match/daily'));
const deck = async (m: TestMember, gender = 'Women') => json<Deck>(await m.request(`/api/match/deck?gender=${gender}`));
const favorites = async (m: TestMember) => (await json<FavoriteList>(await m.request('/api/favorites'))).items;
const viewedRows = (m: TestMember) =>
  t.ctx.database.db.selectFrom('user_viewed_items').select('item_id').where('user_id', '=', m.id).execute();

describe(`match (${process.env.TEST_DIALECT})`, () => {
  it('answers 401 to a visitor on every match and favorites route', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/match/deck?gender=Women'],
      ['GET', '/api/match/daily'],
      ['GET', '/api/match/progress'],
      ['PUT', '/api/match/progress', { gender: 'Women', lastItemIndex: 1 }],
      ['POST', '/api/match/swipes', { itemId: women[0], action: 'like' }],
      ['GET', '/api/favorites'],
      ['PUT', `/api/favorites/${women[0]}`],
      ['DELETE', `/api/favorites/${women[0]}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, ...(body ? { json: body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('the deck holds the active items of one gender in id order, with their positions', async () => {
    const m = await t.signUp();
    const d = await deck(m);
    expect(d.gender).toBe('Women');
    expect(d.total).toBe(30);
    expect(d.items.map((e) => e.item.id)).toEqual(women);
    expect(d.items.map((e) => e.position)).toEqual(women.map((_, i) => i));
    expect(d.items.some((e) => e.item.id === removedId)).toBe(false);
    expect(d.items[0]!.item).toMatchObject({
      gender: 'Women',
      sizes: ['XS', 'S', 'M'],
      materials: '100% silk',
      careInstructions: 'Dry clean only',
    });
    const catalogueItem = (await (await t.request(`/api/items/${women[0]}`)).json()) as {
      imageUrl: string;
      images: unknown[];
    };
    expect(d.items[0]!.item.imageUrl).toBe(catalogueItem.imageUrl);
    expect(d.items[0]!.item.images).toEqual(catalogueItem.images);
    expect(d.items[0]!.item.imageUrl).toMatch(new RegExp(`^/api/items/${women[0]}/pictures/front\\.svg\\?v=`));
    expect((await deck(m, 'Men')).items.map((e) => e.item.id)).toEqual(men);
    const bad = await m.request('/api/match/deck?gender=Kids');
    expect(bad.status).toBe(400);
  });

  it("leaves a member's own listings out of their deck, not out of others'", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const own = await insertItem(500, 'Men');
    await t.ctx.database.db.updateTable('items').set({ owner_id: owner.id }).where('id', '=', own).execute();
    expect((await deck(owner, 'Men')).items.map((e) => e.item.id)).not.toContain(own);
    expect((await deck(other, 'Men')).items.map((e) => e.item.id)).toContain(own);
    await t.ctx.database.db.updateTable('items').set({ status: 'removed' }).where('id', '=', own).execute();
  });

  it('a like marks the item viewed, counts a view and saves the favorite with a copy of the item', async () => {
    const m = await t.signUp();
    expect(await daily(m)).toEqual({ day: '2026-11-22', count: 0, limit: 3, remaining: 3 });
    const r = await json<SwipeResult>(await swipe(m, women[0]!, 'like'));
    expect(r).toMatchObject({
      itemId: women[0],
      action: 'like',
      counted: true,
      daily: { count: 1, remaining: 2, day: '2026-11-22' },
    });
    expect(r.favorite).toMatchObject({
      itemId: women[0],
      likedAt: now.toISOString(),
      item: { id: women[0], name: 'Women Piece 0' },
    });
    expect(await daily(m)).toMatchObject({ count: 1, remaining: 2 });
    const d = await deck(m);
    expect(d.items.map((e) => e.item.id)).not.toContain(women[0]);
    expect(d.items[0]!.position).toBe(1);
    const favs = await favorites(m);
    expect(favs.map((f) => f.itemId)).toEqual([women[0]]);
    expect(favs[0]!.item.brand).toBe('Atelier Spec');

    // The copy is what was liked: a later change to the catalogue row does not rewrite it.
    await t.ctx.database.db.updateTable('items').set({ name: 'Renamed' }).where('id', '=', women[0]!).execute();
    expect((await favorites(m))[0]!.item.name).toBe('Women Piece 0');
    await t.ctx.database.db.updateTable('items').set({ name: 'Women Piece 0' }).where('id', '=', women[0]!).execute();
  });

  it('a skip marks the item viewed and counts a view but saves no favorite', async () => {
    const m = await t.signUp();
    const r = await json<SwipeResult>(await swipe(m, women[1]!, 'skip'));
    expect(r).toMatchObject({ action: 'skip', counted: true, favorite: null, daily: { count: 1 } });
    expect(await favorites(m)).toEqual([]);
    expect((await viewedRows(m)).map((v) => Number(v.item_id))).toEqual([women[1]]);
  });

  it('viewing the same item again does not count again', async () => {
    const m = await t.signUp();
    await json<SwipeResult>(await swipe(m, women[2]!, 'skip'));
    const again = await json<SwipeResult>(await swipe(m, women[2]!, 'skip'));
    expect(again).toMatchObject({ counted: false, daily: { count: 1 } });
    // Changing one's mind on a viewed item saves the favorite, still without a second view.
    const liked = await json<SwipeResult>(await swipe(m, women[2]!, 'like'));
    expect(liked).toMatchObject({ counted: false, daily: { count: 1 }, favorite: { itemId: women[2] } });
    await json<SwipeResult>(await swipe(m, women[2]!, 'like'));
    expect(await daily(m)).toMatchObject({ count: 1 });
    expect(await viewedRows(m)).toHaveLength(1);
    expect(await favorites(m)).toHaveLength(1);
  });

  it('refuses a fourth view in a day with 429, changing nothing', async () => {
    const m = await t.signUp();
    for (const id of women.slice(0, 3)) await json<SwipeResult>(await swipe(m, id, 'skip'));
    const res = await swipe(m, women[3]!, 'like');
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: "You've reached your daily limit of 3 items. Come back tomorrow!",
    });
    expect(await daily(m)).toEqual({ day: '2026-11-22', count: 3, limit: 3, remaining: 0 });
    // Rolled back: not viewed, not liked.
    expect((await viewedRows(m)).map((v) => Number(v.item_id))).not.toContain(women[3]);
    expect(await favorites(m)).toEqual([]);
    expect((await deck(m)).items[0]!.item.id).toBe(women[3]);
    // An item already viewed can still be liked at the limit: it is not a new view.
    const relike = await json<SwipeResult>(await swipe(m, women[0]!, 'like'));
    expect(relike).toMatchObject({ counted: false, daily: { count: 3 } });
  });

  it('20 concurrent swipes from one member count exactly 3; the rest get 429', async () => {
    const m = await t.signUp();
    const results = await Promise.all(women.slice(0, 20).map((id, i) => swipe(m, id, i % 2 ? 'skip' : 'like')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('DAILY_LIMIT_REACHED');
    }
    expect(await daily(m)).toMatchObject({ count: 3, remaining: 0 });
    expect(await viewedRows(m)).toHaveLength(3);
    const ok = await Promise.all(results.filter((r) => r.status === 200).map((r) => r.json() as Promise<SwipeResult>));
    const likedIds = ok
      .filter((r) => r.action === 'like')
      .map((r) => r.itemId)
      .sort();
    expect((await favorites(m)).map((f) => f.itemId).sort()).toEqual(likedIds);
  });

  it('the count starts again on the next business day, midnight in New York (injected clock)', async () => {
    const m = await t.signUp();
    // 23:59:59 on Nov 22 in New York (EST, UTC-5): already Nov 23 in UTC, still the same day here.
    now = new Date('2026-11-23T04:59:59.000Z');
    expect(await daily(m)).toMatchObject({ day: '2026-11-22' });
    for (const id of women.slice(0, 3)) await json<SwipeResult>(await swipe(m, id, 'skip'));
    expect((await swipe(m, women[3]!, 'skip')).status).toBe(429);
    now = new Date('2026-11-23T05:00:00.000Z');
    expect(await daily(m)).toEqual({ day: '2026-11-23', count: 0, limit: 3, remaining: 3 });
    const r = await json<SwipeResult>(await swipe(m, women[3]!, 'like'));
    expect(r).toMatchObject({ counted: true, daily: { day: '2026-11-23', count: 1 } });
    // Yesterday's views stay excluded from the deck.
    expect((await deck(m)).items.map((e) => e.item.id).slice(0, 1)).toEqual([women[4]]);
  });

  it('saves progress per gender and remembers the gender looked at last', async () => {
    const m = await t.signUp();
    expect(await json<Progress>(await m.request('/api/match/progress'))).toEqual({
      currentGender: null,
      indexes: { Women: 0, Men: 0 },
    });
    await json<Progress>(
      await m.request('/api/match/progress', { method: 'PUT', json: { gender: 'Women', lastItemIndex: 4 } }),
    );
    now = new Date(now.getTime() + 1000);
    const p = await json<Progress>(
      await m.request('/api/match/progress', { method: 'PUT', json: { gender: 'Men', lastItemIndex: 2 } }),
    );
    expect(p).toEqual({ currentGender: 'Men', indexes: { Women: 4, Men: 2 } });
    now = new Date(now.getTime() + 1000);
    await json<Progress>(
      await m.request('/api/match/progress', { method: 'PUT', json: { gender: 'Women', lastItemIndex: 5 } }),
    );
    expect(await json<Progress>(await m.request('/api/match/progress'))).toEqual({
      currentGender: 'Women',
      indexes: { Women: 5, Men: 2 },
    });
    // Another member's progress is their own.
    const other = await t.signUp();
    expect(await json<Progress>(await other.request('/api/match/progress'))).toEqual({
      currentGender: null,
      indexes: { Women: 0, Men: 0 },
    });

    for (const bad of [
      { gender: 'Kids', lastItemIndex: 1 },
      { gender: 'Women', lastItemIndex: -1 },
      { gender: 'Women', lastItemIndex: 1.5 },
    ]) {
      const res = await m.request('/api/match/progress', { method: 'PUT', json: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses unknown or removed items and bad actions', async () => {
    const m = await t.signUp();
    expect((await swipe(m, 999_999, 'like')).status).toBe(404);
    expect((await swipe(m, removedId, 'like')).status).toBe(404);
    const bad = await m.request('/api/match/swipes', { method: 'POST', json: { itemId: women[0], action: 'love' } });
    expect(bad.status).toBe(400);
    expect(await daily(m)).toMatchObject({ count: 0 });
  });
});

describe(`favorites (${process.env.TEST_DIALECT})`, () => {
  it('adding from the item page saves a favorite without counting a view, and is idempotent', async () => {
    const m = await t.signUp();
    const fav = await json<Favorite>(await m.request(`/api/favorites/${women[5]}`, { method: 'PUT' }));
    expect(fav).toMatchObject({ itemId: women[5], item: { id: women[5] } });
    await json<Favorite>(await m.request(`/api/favorites/${women[5]}`, { method: 'PUT' }));
    expect(await favorites(m)).toHaveLength(1);
    expect(await daily(m)).toMatchObject({ count: 0 });
    expect(await viewedRows(m)).toHaveLength(0);
    expect((await m.request('/api/favorites/999999', { method: 'PUT' })).status).toBe(404);
    expect((await m.request('/api/favorites/abc', { method: 'PUT' })).status).toBe(400);
  });

  it('lists newest first', async () => {
    const m = await t.signUp();
    for (const [i, id] of [women[6]!, women[7]!, men[0]!].entries()) {
      now = new Date(Date.UTC(2026, 10, 22, 10, 0, i));
      await json<Favorite>(await m.request(`/api/favorites/${id}`, { method: 'PUT' }));
    }
    // Same millisecond: still newest first.
    await json<Favorite>(await m.request(`/api/favorites/${men[1]}`, { method: 'PUT' }));
    expect((await favorites(m)).map((f) => f.itemId)).toEqual([men[1], men[0], women[7], women[6]]);
  });

  it("another member's favorites are invisible and cannot be deleted", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await json<SwipeResult>(await swipe(a, women[8]!, 'like'));
    expect(await favorites(b)).toEqual([]);
    const del = await b.request(`/api/favorites/${women[8]}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect((await favorites(a)).map((f) => f.itemId)).toEqual([women[8]]);

    const own = await a.request(`/api/favorites/${women[8]}`, { method: 'DELETE' });
    expect(own.status).toBe(204);
    expect(await favorites(a)).toEqual([]);
    expect((await a.request(`/api/favorites/${women[8]}`, { method: 'DELETE' })).status).toBe(404);
    // Removing a favorite does not give the view back: the item stays out of the deck.
    expect((await deck(a)).items.map((e) => e.item.id)).not.toContain(women[8]);
  });

  it('the OpenAPI document describes the routes and states the business day', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/match/deck',
        '/api/match/daily',
        '/api/match/progress',
        '/api/match/swipes',
        '/api/favorites',
        '/api/favorites/{itemId}',
      ]),
    );
    expect(doc.paths['/api/match/swipes']!.post!.description).toMatch(/3 views per member per business day/);
    expect(doc.paths['/api/match/daily']!.get!.description).toMatch(/midnight there/);
  });
});
