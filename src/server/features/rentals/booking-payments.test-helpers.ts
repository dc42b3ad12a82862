import { afterAll, beforeAll, expect } from 'vitest';
import type { RentalList } from '../../../domain/rentals';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the booking payment tests (booking-payments*.api.test.ts, booking-quote.api.test.ts):
 * an unseeded app on a clock at START that at() moves for one step, a desk member, and the moves
 * the tests repeat. Call bookingPaymentsTestApp() at the top of the file; read t and desk inside
 * the tests (made in beforeAll).
 */

export const START = '2026-11-22T10:00:00.000Z';

export function bookingPaymentsTestApp() {
  let now = new Date(START);
  let t: TestApp | undefined;
  let desk: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now });
    desk = await makeStaff(t, { fullName: 'Dee Desk' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('bookingPaymentsTestApp: read t and desk inside a test (made in beforeAll)');
    return value;
  };
  const db = () => app.t.ctx.database.db;
  const app = {
    get t() {
      return made(t);
    },
    get desk() {
      return made(desk);
    },
    /** The app's clock. */
    get now(): Date {
      return now;
    },
    setNow(at: Date) {
      now = at;
    },
    db,
    item: (opts: Parameters<typeof makeTestItem>[1] = {}) => makeTestItem(db(), opts),
    ledgerOf: (userId: string) =>
      db().selectFrom('payment_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    renter: async () => readyToRent(await app.t.signUp()),
    studioId: async () =>
      (await db().selectFrom('studios').select('id').orderBy('position').executeTakeFirstOrThrow()).id,
    async monthlyMember(itemCount = 3): Promise<TestMember> {
      const m = await app.t.signUp();
      await json(m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount } }));
      return readyToRent(m);
    },
    /** Runs fn with the clock at `iso`, then puts it back to START. */
    at: async <T>(iso: string, fn: () => Promise<T>): Promise<T> => {
      now = new Date(iso);
      try {
        return await fn();
      } finally {
        now = new Date(START);
      }
    },
  };
  return app;
}

export const book = (m: TestMember, json: unknown) => m.request('/api/rentals', { method: 'POST', json });
export const post = (m: TestMember, path: string) => m.request(path, { method: 'POST' });
export const errorOf = async (res: Response) =>
  (
    (await res.json()) as {
      error: {
        code: string;
        message: string;
        issues?: { path: string; message: string }[];
        details?: Record<string, unknown>;
      };
    }
  ).error;
export const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
export const rentalsOf = async (m: TestMember) =>
  (await json<RentalList>(m.request('/api/rentals?status=all'))).rentals;
