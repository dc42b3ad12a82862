import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHORTLISTS, type Shortlist, type ShortlistList } from '../../../domain/shortlists';
import { makeTestItem } from '../../test/renter';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/** Shortlists (issue 17, decision 0034): named lists of pieces, per member, beside favorites (unchanged). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const create = (m: TestMember, json: unknown) => m.request('/api/shortlists', { method: 'POST', json });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; issues?: { path: string }[] } }).error;
async function listsOf(m: TestMember): Promise<Shortlist[]> {
  return ((await (await m.request('/api/shortlists')).json()) as ShortlistList).shortlists;
}

describe(`shortlists (${process.env.TEST_DIALECT})`, () => {
  it('creates, renames, fills, empties and deletes a list; favorites are untouched', async () => {
    const { db } = t.ctx.database;
    const [dress, coat] = [
      await makeTestItem(db, { name: 'Silk Column Dress' }),
      await makeTestItem(db, { name: 'Wool Coat' }),
    ];
    const m = await t.signUp();
    expect((await m.request(`/api/favorites/${dress}`, { method: 'PUT' })).status).toBe(200);

    let res = await create(m, { name: '  Wedding in June ', itemId: dress });
    expect(res.status, await res.clone().text()).toBe(201);
    const list = (await res.json()) as Shortlist;
    expect(list.name).toBe('Wedding in June');
    expect(list.items.map((i) => i.id)).toEqual([dress]);

    res = await m.request(`/api/shortlists/${list.id}/items/${coat}`, { method: 'PUT' });
    expect(((await res.json()) as Shortlist).items.map((i) => i.id)).toEqual([coat, dress]);
    // Again: nothing changes.
    res = await m.request(`/api/shortlists/${list.id}/items/${coat}`, { method: 'PUT' });
    expect(((await res.json()) as Shortlist).items).toHaveLength(2);

    res = await m.request(`/api/shortlists/${list.id}`, { method: 'PATCH', json: { name: 'Wedding in Provence' } });
    expect(((await res.json()) as Shortlist).name).toBe('Wedding in Provence');
    res = await m.request(`/api/shortlists/${list.id}/items/${dress}`, { method: 'DELETE' });
    expect(((await res.json()) as Shortlist).items.map((i) => i.id)).toEqual([coat]);

    expect((await m.request(`/api/shortlists/${list.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await listsOf(m)).toEqual([]);
    expect((await m.request(`/api/shortlists/${list.id}`, { method: 'DELETE' })).status).toBe(404);
    // The favorite is still there.
    const favs = (await (await m.request('/api/favorites')).json()) as {
      favorites: { itemId?: number; id?: number }[];
    };
    expect(JSON.stringify(favs)).toContain(String(dress));
  });

  it("refuses bad names, a name taken in another case, unknown pieces, and other members' lists", async () => {
    const { db } = t.ctx.database;
    const item = await makeTestItem(db);
    const m = await t.signUp();
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const e = await errorOf(await create(m, { name }));
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.issues?.[0]?.path).toBe('name');
    }
    expect((await create(m, { name: 'Paris' })).status).toBe(201);
    const taken = await create(m, { name: 'PARIS' });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toMatch(/already have a shortlist/);
    expect((await create(m, { name: 'Rome', itemId: 999_999 })).status).toBe(404);

    const other = await t.signUp();
    expect((await create(other, { name: 'Paris' })).status).toBe(201);
    const mine = (await listsOf(m))[0]!;
    expect((await other.request(`/api/shortlists/${mine.id}/items/${item}`, { method: 'PUT' })).status).toBe(404);
    expect(
      (await other.request(`/api/shortlists/${mine.id}`, { method: 'PATCH', json: { name: 'Mine now' } })).status,
    ).toBe(404);
    expect((await other.request(`/api/shortlists/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await listsOf(m))[0]!.name).toBe('Paris');
    expect((await t.request('/api/shortlists')).status).toBe(401);
  });

  it('under concurrent requests: one list per name, and never more than the limit of lists', async () => {
    const m = await t.signUp();
    const same = await Promise.all(Array.from({ length: 10 }, () => create(m, { name: 'Weekend in Paris' })));
    expect(same.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(same.map((r) => r.status).filter((s) => s === 409)).toHaveLength(9);

    for (let n = 2; n < MAX_SHORTLISTS; n += 1) expect((await create(m, { name: `List ${n}` })).status).toBe(201);
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => create(m, { name: `Racing ${i}` })));
    expect(racing.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(await listsOf(m)).toHaveLength(MAX_SHORTLISTS);
    const over = await create(m, { name: 'One too many' });
    expect(over.status).toBe(409);
    expect((await errorOf(over)).message).toMatch(/up to 20 shortlists/);
  });
});
