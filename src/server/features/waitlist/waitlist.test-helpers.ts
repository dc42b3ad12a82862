import { afterAll, beforeAll, expect } from 'vitest';
import type { Rental } from '../../../domain/rentals';
import type { WaitlistEntry, WaitlistList } from '../../../domain/waitlist';
import { QUEUES } from '../../jobs/queues';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the waitlist tests (waitlist*.api.test.ts): an unseeded app on a clock the tests
 * move (setNow), a staff member, and the moves they repeat. Call waitlistTestApp() at the top of
 * the file; read t and staff inside the tests (made in beforeAll).
 */
export function waitlistTestApp() {
  let now = new Date('2026-11-22T10:00:00Z');
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now });
    staff = await makeStaff(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('waitlistTestApp: read t and staff inside a test (made in beforeAll)');
    return value;
  };
  const renter = async () => readyToRent(await app.t.signUp());
  /** What the durable queue runs after a unit is freed (the sweep the freeing transaction sent). */
  const runSweeps = () => app.t.ctx.jobs.runDue([QUEUES.waitlistSweep.name]);
  const app = {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
    setNow(at: Date) {
      now = at;
    },
    renter,
    runSweeps,
    async notificationsOf(m: TestMember) {
      return app.t.ctx.database.db
        .selectFrom('notifications')
        .select(['kind', 'title', 'link'])
        .where('user_id', '=', m.id)
        .where('kind', '=', 'waitlist_hold')
        .execute();
    },
    /**
     * A piece of one unit, rented and then cancelled while `first` and then `second` wait for the
     * next week: the sweep holds the unit for `first`. Returns her held entry.
     */
    async heldForFirst(first: TestMember, second: TestMember, itemOpts: { priceCents?: number } = {}) {
      const itemId = await makeTestItem(app.t.ctx.database.db, { sizes: ['M'], ...itemOpts });
      const holder = await renter();
      const rental = (await (
        await holder.request('/api/rentals', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: '2026-11-26', endDate: '2026-12-03' },
        })
      ).json()) as Rental;
      const dates = { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' };
      expect((await join(first, dates)).status).toBe(201);
      expect((await join(second, dates)).status).toBe(201);
      expect((await holder.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
      await runSweeps();
      const held = (await entriesOf(first))[0]!;
      expect(held.status).toBe('held');
      return { itemId, held };
    },
  };
  return app;
}

export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
export const join = (m: TestMember, json: unknown) => m.request('/api/waitlist', { method: 'POST', json });
export async function entriesOf(m: TestMember): Promise<WaitlistEntry[]> {
  return ((await (await m.request('/api/waitlist')).json()) as WaitlistList).entries;
}
