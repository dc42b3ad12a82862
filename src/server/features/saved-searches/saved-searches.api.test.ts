import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '../../../domain/saved-searches';
import { createServices } from '../../services';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Saved searches (issue 27 item 5, decision 0065): hers alone to save, list, rename and delete;
 * refusals in the one error shape; the alert of new pieces that match told once a day per search,
 * however many processes run the scan at once, with an unsubscribe link in its e-mail.
 */
let now = new Date('2026-12-01T10:00:00.000Z');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

type ApiError = { error: { code: string; message: string; issues?: { path: string }[] } };
const save = (m: TestMember, json: unknown) => m.request('/api/saved-searches', { method: 'POST', json });
async function listOf(m: TestMember): Promise<SavedSearch[]> {
  return ((await (await m.request('/api/saved-searches')).json()) as { savedSearches: SavedSearch[] }).savedSearches;
}

describe(`saved searches (${process.env.TEST_DIALECT})`, () => {
  it('saves the search she has (not its dates, sort or page), renames it, switches alerts, deletes it', async () => {
    at('2026-12-01T10:00:00.000Z');
    const m = await t.signUp();
    const res = await save(m, {
      name: '  Black dresses  ',
      params: 'q=black+dress&category=Dresses&size=M&from=2026-12-10&to=2026-12-14&sort=newest&cursor=abc',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const s = (await res.json()) as SavedSearch;
    expect(s).toMatchObject({ name: 'Black dresses', params: 'q=black+dress&category=Dresses&size=M', alerts: false });

    let patched = await m.request(`/api/saved-searches/${s.id}`, { method: 'PATCH', json: { name: 'Party' } });
    expect(((await patched.json()) as SavedSearch).name).toBe('Party');
    patched = await m.request(`/api/saved-searches/${s.id}`, { method: 'PATCH', json: { alerts: true } });
    expect(((await patched.json()) as SavedSearch).alerts).toBe(true);
    expect((await listOf(m)).map((x) => x.name)).toEqual(['Party']);

    expect((await m.request(`/api/saved-searches/${s.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await listOf(m)).toEqual([]);
    expect((await m.request(`/api/saved-searches/${s.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("refuses bad searches, strangers and other members' searches, in the one error shape", async () => {
    const [m, other] = [await t.signUp(), await t.signUp()];
    const s = (await (await save(m, { name: 'Mine', params: 'gender=Women' })).json()) as SavedSearch;

    expect((await t.request('/api/saved-searches')).status).toBe(401);
    let res = await save(m, { name: 'Bad', params: 'size=XXXL' });
    expect(res.status).toBe(400);
    let body = (await res.json()) as ApiError;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues?.[0]?.path).toBe('params.size');
    res = await save(m, { name: 'Nothing', params: 'sort=newest' });
    expect(((await res.json()) as ApiError).error.issues?.[0]?.path).toBe('params');
    res = await save(m, { name: ' ', params: 'gender=Women' });
    expect(res.status).toBe(400);

    expect(await listOf(other)).toEqual([]);
    for (const init of [{ method: 'PATCH', json: { name: 'Taken' } }, { method: 'DELETE' }] as const) {
      res = await other.request(`/api/saved-searches/${s.id}`, init);
      expect(res.status).toBe(404);
      body = (await res.json()) as ApiError;
      expect(body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Saved search not found' });
    }
    expect((await listOf(m)).map((x) => x.name)).toEqual(['Mine']);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} searches a member, even when she saves many at once`, async () => {
    const m = await t.signUp();
    const all = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => save(m, { name: `S${i}`, params: `brand=B${i}` })),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await listOf(m)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('tells her of new matching pieces once a day, with two processes scanning at once; unsubscribe stops it', async () => {
    at('2026-12-02T09:00:00.000Z');
    const m = await t.signUp();
    const s = (await (
      await save(m, { name: 'Red dresses in M', params: 'category=Dresses&colour=red&size=M', alerts: true })
    ).json()) as SavedSearch;
    const { db } = t.ctx.database;
    const listed = '2026-12-02T09:30:00.000Z';
    const dress = await makeItem(db, {
      category: 'Dresses',
      colour: 'red',
      sizes: ['M'],
      name: 'Red Slip Dress',
      createdAt: listed,
    });
    await makeItem(db, { category: 'Dresses', colour: 'red', sizes: ['S'], name: 'Red Mini (S)', createdAt: listed });
    await makeItem(db, { category: 'Jackets', colour: 'red', sizes: ['M'], name: 'Red Jacket', createdAt: listed });
    at('2026-12-02T10:00:00.000Z');

    // Two more "processes": services of their own (their own search index) on the same database.
    const [p1, p2] = [createServices(t.ctx), createServices(t.ctx)];
    try {
      const runs = await Promise.all([
        p1.savedSearches.sendAlerts(),
        p2.savedSearches.sendAlerts(),
        t.services.savedSearches.sendAlerts(),
      ]);
      expect(runs.reduce((n, r) => n + r.alerted, 0)).toBe(1);
      await t.ctx.jobs.runDue();
      const mails = t.mails.filter((x) => x.to === m.email && /Red dresses in M/.test(x.subject));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Red Slip Dress');
      expect(mails[0]!.text).not.toContain('Red Mini');
      expect(mails[0]!.text).not.toContain('Red Jacket');
      const token = /unsubscribe\?token=([\w-]+)/.exec(mails[0]!.text)?.[1];
      expect(token).toBeTruthy();
      const inApp = (await (await m.request('/api/notifications')).json()) as {
        notifications: { kind: string; link: string }[];
      };
      expect(inApp.notifications.filter((n) => n.kind === 'saved_search_match')).toEqual([
        expect.objectContaining({ link: `/browse?${s.params}&tab=discovery` }),
      ]);

      // Another match the same day: nothing more today, from any process.
      const later = await makeItem(db, {
        category: 'Dresses',
        colour: 'red',
        sizes: ['M', 'L'],
        name: 'Red Gown',
        createdAt: '2026-12-02T11:00:00.000Z',
      });
      at('2026-12-02T12:00:00.000Z');
      expect(
        (await Promise.all([p1.savedSearches.sendAlerts(), p2.savedSearches.sendAlerts()])).map((r) => r.alerted),
      ).toEqual([0, 0]);
      // The next day it is told, once.
      at('2026-12-03T08:00:00.000Z');
      const next = await Promise.all([p1.savedSearches.sendAlerts(), p2.savedSearches.sendAlerts()]);
      expect(next.reduce((n, r) => n + r.alerted, 0)).toBe(1);
      await t.ctx.jobs.runDue();
      const second = t.mails.filter((x) => x.to === m.email && /Red dresses in M/.test(x.subject));
      expect(second).toHaveLength(2);
      expect(second[1]!.text).toContain('Red Gown');
      expect(second[1]!.text).not.toContain('Red Slip Dress');
      expect(later).toBeGreaterThan(dress);

      // Unsubscribe by the e-mail's token (no session): alerts off; a wrong token is refused.
      let res = await t.request('/api/saved-searches/unsubscribe', { method: 'POST', json: { token } });
      expect(await res.json()).toEqual({ name: 'Red dresses in M' });
      expect((await listOf(m))[0]!.alerts).toBe(false);
      res = await t.request('/api/saved-searches/unsubscribe', { method: 'POST', json: { token: 'x'.repeat(32) } });
      expect(res.status).toBe(404);
      await makeItem(db, {
        category: 'Dresses',
        colour: 'red',
        sizes: ['M'],
        name: 'Red Maxi',
        createdAt: '2026-12-04T07:00:00.000Z',
      });
      at('2026-12-04T08:00:00.000Z');
      expect((await p1.savedSearches.sendAlerts()).alerted).toBe(0);
    } finally {
      p1.searchIndex.stop();
      p2.searchIndex.stop();
    }
  });
});
