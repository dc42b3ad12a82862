import { afterAll, beforeAll, expect } from 'vitest';
import type { PlanActionResult, Subscription } from '../../../domain/plans';
import { QUEUES } from '../../jobs/queues';
import { makeItem } from '../../test/factories';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { card, pay } from './plans.test-helpers';

/*
 * The setup of plan-billing*.api.test.ts (decision 0058): an unseeded app with a real SMTP server
 * on a clock the tests move day by day, members on a paid plan with a studio pickup, and reads of
 * the ledger to check that it balances.
 */

/** A card accepted when saved and declined at every charge (decision 0029). */
export const DECLINING_CARD = card({ cardNumber: '4000 0000 0000 0341', cvv: '123' });

export function planBillingTestApp() {
  let now = new Date('2026-11-22T15:00:00.000Z');
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now, smtp: true });
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => {
    if (!t) throw new Error('planBillingTestApp: use inside a test');
    return t;
  };
  return {
    get t() {
      return app();
    },
    /** Moves the business day (15:00 UTC: the same day in New York). */
    day(day: string) {
      now = new Date(`${day}T15:00:00.000Z`);
    },
    /** A member on Monthly (itemCount) or 3 Months, paid today, picking up at a studio. */
    async member(plan: 'monthly' | 'threemonths' = 'monthly', itemCount = 3): Promise<TestMember> {
      const m = await app().signUp();
      await m.request('/api/plans/subscription', { method: 'PUT', json: { plan, itemCount } });
      expect((await pay(m, card())).status).toBe(200);
      const studios = ((await (await app().request('/api/orders/studios')).json()) as { studios: { id: number }[] })
        .studios;
      await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studios[0]!.id } });
      return m;
    },
    item: () => makeItem(app(), { sizes: ['M'], units: 5, priceCents: 1500 }),
  };
}

export const sub = async (m: TestMember) => (await (await m.request('/api/plans/subscription')).json()) as Subscription;
export const act = (m: TestMember, path: string, json?: unknown, method = 'POST') =>
  m.request(`/api/plans/subscription/${path}`, { method, json });
export const acted = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as PlanActionResult;
};
export const book = (m: TestMember, itemId: number) =>
  m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } });

/** The renewal job as the scheduler queues it, run in this process. */
export async function runRenewalJob(t: TestApp): Promise<void> {
  await t.ctx.jobs.send(QUEUES.planRenewals.name, {}, { singletonKey: 'plan-renewals' });
  await t.ctx.jobs.runDue([QUEUES.planRenewals.name]);
}

/** Her plan's ledger entries, and the check that it balances with the charges the plans keep. */
export async function planLedger(t: TestApp, userId: string) {
  const db = t.ctx.database.db;
  const entries = await db
    .selectFrom('payment_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'plan')
    .orderBy('id')
    .execute();
  const charges = await db.selectFrom('charges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const collected = entries
    .filter((e) => e.kind === 'charge' && e.status === 'succeeded')
    .reduce((n, e) => n + e.amount_cents, 0);
  const refunded = entries
    .filter((e) => e.kind === 'refund' && e.status !== 'declined' && e.status !== 'failed')
    .reduce((n, e) => n + e.amount_cents, 0);
  // Every succeeded charge is one row of her billing history, and nothing is left unsettled.
  expect(charges.reduce((n, c) => n + c.amount_cents, 0)).toBe(collected - refunded);
  expect(entries.filter((e) => e.settled_at === null)).toEqual([]);
  return { entries, charges, collected };
}
