import { afterAll, beforeAll, expect } from 'vitest';
import type { ListingList } from '../../../domain/listings';
import { QUEUES } from '../../jobs/queues';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the lending tests (lending*.api.test.ts): an unseeded app on a clock that starts
 * 2026-11-22 10:00 UTC and that at() moves for one step, a staff member, and the moves the tests
 * repeat. Call lendingTestApp() at the top of the file; read t and staff inside the tests (made in
 * beforeAll).
 */
export function lendingTestApp() {
  let now = new Date('2026-11-22T10:00:00.000Z');
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now });
    staff = await makeStaff(t, { fullName: 'Sam Staff' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('lendingTestApp: read t and staff inside a test (made in beforeAll)');
    return value;
  };
  const db = () => app.t.ctx.database.db;
  const app = {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
    db,
    ledgerOf: (userId: string) =>
      db()
        .selectFrom('payment_ledger')
        .select(['kind', 'status', 'amount_cents', 'purpose', 'settled_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    notesOf: (userId: string) =>
      db().selectFrom('notifications').select(['kind', 'title']).where('user_id', '=', userId).orderBy('id').execute(),
    renter: async (name = 'Rita Renter') => readyToRent(await app.t.signUp({ fullName: name })),
    async lenderWithPiece(name = 'Lou Lender', priceCents = 2_000) {
      const lender = await readyToRent(await app.t.signUp({ fullName: name }));
      const itemId = await makeTestItem(db(), { ownerId: lender.id, priceCents });
      return { lender, itemId };
    },
    /** Runs fn with the clock at `iso`, then puts it back. */
    at: async <T>(iso: string, fn: () => Promise<T>): Promise<T> => {
      const before = now;
      now = new Date(iso);
      try {
        return await fn();
      } finally {
        now = before;
      }
    },
    async runExpiry() {
      await app.t.ctx.jobs.send(QUEUES.requestExpiry.name, {}, { singletonKey: 'expire' });
      await app.t.ctx.jobs.runDue([QUEUES.requestExpiry.name]);
    },
  };
  return app;
}

export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
export const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
export const post = (m: TestMember, path: string, body?: unknown) =>
  m.request(path, { method: 'POST', ...(body !== undefined ? { json: body } : {}) });
export const requestPiece = (m: TestMember, itemId: number, range: { startDate?: string; endDate?: string } = {}) =>
  post(m, '/api/lending/requests', { itemId, size: 'M', ...range });
export const earned = async (m: TestMember) => (await json<ListingList>(m.request('/api/listings'))).totalEarningsCents;
