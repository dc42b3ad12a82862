import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Listing } from '../../../domain/listings';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makeJpeg, sampleListing } from '../listings/listings.test-helpers';
import { verified } from '../../test/verified';

/*
 * The setup of the operations desk tests (ops*.api.test.ts): a seeded app on a clock the tests
 * move (from 2026-11-23 09:00 UTC), a staff member, a lender and her photo, and what the tests
 * repeat. Call opsTestApp() at the top of the file; read t, staff and lender inside the tests
 * (made in beforeAll).
 */

export const root = path.resolve(import.meta.dirname, '../../../..');

export function opsTestApp() {
  let now = new Date('2026-11-23T09:00:00Z');
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  let lender: TestMember | undefined;
  let photo: Buffer | undefined;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    staff = await makeStaff(t, { fullName: 'Sasha Staff' });
    lender = await t.signUp({ fullName: 'Lena Lender' });
    photo = await makeJpeg(600, 800);
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('opsTestApp: read t, staff and lender inside a test (made in beforeAll)');
    return value;
  };
  const app = {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
    get lender() {
      return made(lender);
    },
    setNow(at: Date) {
      now = at;
    },
    async list(m: TestMember, name: string): Promise<Listing> {
      await verified(m); // lending asks a verified identity (decision 0068)
      const res = await m.request('/api/listings', {
        method: 'POST',
        body: listingForm(sampleListing({ name }), [{ data: made(photo), name: 'p.jpg', type: 'image/jpeg' }]),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as Listing;
    },
    /** The staff command, run as the real script against this test's database. */
    staffCli(...args: string[]) {
      const ctx = app.t.ctx;
      const env: Record<string, string> = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: ctx.env.dataDir } as Record<
        string,
        string
      >;
      if (ctx.env.databaseUrl) env.DATABASE_URL = ctx.env.databaseUrl;
      else delete env.DATABASE_URL;
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    },
    /** Where a piece shows up for a visitor: the list, a search for its name, its page. */
    async publicPresence(id: number, name: string) {
      const page = await json<{ items: { id: number }[] }>(app.t.request('/api/items?sort=newest&limit=48'));
      const search = await json<{ items: { id: number }[] }>(app.t.request(`/api/items?q=${encodeURIComponent(name)}`));
      const item = await app.t.request(`/api/items/${id}`);
      return {
        inList: page.items.some((i) => i.id === id),
        inSearch: search.items.some((i) => i.id === id),
        itemStatus: item.status,
      };
    },
  };
  return app;
}

export const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text) as T;
};
