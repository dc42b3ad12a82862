import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { card, errorOf, pay } from './plans.test-helpers';
import { book, DECLINING_CARD, planBillingTestApp, planLedger, runRenewalJob, sub } from './plan-billing.test-helpers';

/*
 * The plan's billing calendar (decision 0058) on a real database, SQLite or PostgreSQL: renewals
 * charged once by the scheduled job at the billing date, declined renewals retried and then
 * paused with e-mails (a real SMTP server), and the ledger balanced after each. Pause, skip,
 * resume, change and cancel are in plan-changes.api.test.ts.
 */
const p = planBillingTestApp();

describe(`plan renewals (${process.env.TEST_DIALECT})`, () => {
  it('charges the renewal once at the billing date, not before, however many job runs race', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 4);
    expect(await sub(m)).toMatchObject({
      termStart: '2026-11-22',
      paidThrough: '2026-12-22',
      nextBillingDate: '2026-12-22',
    });

    p.day('2026-12-21');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).entries).toHaveLength(1); // the first charge only

    p.day('2026-12-22');
    // Two runs of the job's work at once, and the job itself through the queue.
    await Promise.all([p.t.services.planBilling.renewDue(), p.t.services.planBilling.renewDue(), runRenewalJob(p.t)]);
    await Promise.all([p.t.services.planBilling.renewDue(), p.t.services.planBilling.renewDue()]);
    const { entries, charges } = await planLedger(p.t, m.id);
    expect(entries.map((e) => [e.kind, e.status, e.amount_cents, e.idempotency_key])).toEqual([
      ['charge', 'succeeded', 4832, expect.any(String)],
      ['charge', 'succeeded', 4832, `plan:renewal:${m.id}:2026-12-22:1`],
    ]);
    expect(charges.map((c) => c.amount_cents)).toEqual([4832, 4832]);
    expect(await sub(m)).toMatchObject({
      status: 'active',
      termStart: '2026-12-22',
      paidThrough: '2027-01-22',
      nextBillingDate: '2027-01-22',
      currentPeriod: { start: '2026-12-22', end: '2027-01-22' },
      renewal: null,
    });
  });

  it('bills 3 Months at the end of its term, with 7 pieces each month until then', async () => {
    p.day('2026-11-22');
    const m = await p.member('threemonths');
    p.day('2027-01-30');
    await runRenewalJob(p.t);
    expect(await sub(m)).toMatchObject({ currentPeriod: { start: '2027-01-22', end: '2027-02-22' } });
    expect((await planLedger(p.t, m.id)).entries).toHaveLength(1);
    p.day('2027-02-22');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([9999, 9999]);
    expect(await sub(m)).toMatchObject({ termStart: '2027-02-22', paidThrough: '2027-05-22' });
    // She is told, in the app and by e-mail, what was charged and until when the new term runs.
    await p.t.ctx.jobs.runDue([QUEUES.notificationEmail.name]);
    const renewed = await p.t.waitForMail(m.email, /3 Months plan renewed/);
    expect(renewed.text).toMatch(/\$99\.99/);
    expect(renewed.text).toMatch(/22 May/);
  });

  it('retries a declined renewal the next days with an e-mail each time, then pauses it; her rentals stay; a card resumes it', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    const itemId = await p.item();
    const kept = await book(m, itemId);
    expect(kept.status).toBe(201);
    const rentalId = ((await kept.json()) as { id: number }).id;
    // A new card that the provider accepts and then declines at every charge (no charge when saved).
    expect((await pay(m, DECLINING_CARD)).status).toBe(200);

    p.day('2026-12-22');
    await runRenewalJob(p.t);
    await runRenewalJob(p.t); // the same day again: no second try
    expect(await sub(m)).toMatchObject({
      status: 'active',
      renewal: { attempts: 1, retryOn: '2026-12-23', amountCents: 3999 },
      currentPeriod: null,
      actions: ['cancel'],
    });
    // While it is unpaid, plan pieces are not booked, and nothing is charged per piece instead.
    const refused = await book(m, await p.item());
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('PLAN_PAUSED');
    await p.t.ctx.jobs.runDue([QUEUES.notificationEmail.name]);
    const first = await p.t.waitForMail(m.email, /renewal was declined/);
    expect(first.text).toMatch(/\$39\.99/);
    expect(first.text).toMatch(/try 1 of 3/);

    p.day('2026-12-23');
    await runRenewalJob(p.t);
    expect((await sub(m)).renewal).toMatchObject({ attempts: 2, retryOn: '2026-12-24' });
    p.day('2026-12-24');
    await Promise.all([runRenewalJob(p.t), p.t.services.planBilling.renewDue()]);
    const paused = await sub(m);
    expect(paused).toMatchObject({
      plan: 'monthly',
      status: 'paused',
      pause: { from: '2026-12-22', until: null, reason: 'payment' },
      nextBillingDate: null,
      actions: ['cancel'],
    });
    await p.t.ctx.jobs.runDue([QUEUES.notificationEmail.name]);
    const last = await p.t.waitForMail(m.email, /plan is paused/);
    expect(last.text).toMatch(/stay yours/);
    const ledger = await planLedger(p.t, m.id);
    expect(ledger.entries.map((e) => [e.status, e.idempotency_key.split(':').slice(-2).join(':')])).toEqual([
      ['succeeded', expect.any(String)],
      ['declined', '2026-12-22:1'],
      ['declined', '2026-12-22:2'],
      ['declined', '2026-12-22:3'],
    ]);
    // Never cancelled, nothing taken back: her rental is still hers; later runs charge nothing.
    p.day('2026-12-28');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).entries).toHaveLength(4);
    const rentals = (await (await m.request('/api/rentals')).json()) as { rentals: { id: number }[] };
    expect(rentals.rentals.map((r) => r.id)).toContain(rentalId);
    const other = await p.item();
    const quote = (await (
      await m.request(`/api/rentals/quote?itemId=${other}&size=M&startDate=2026-12-29&endDate=2027-01-05`)
    ).json()) as Quote;
    expect(quote.refusal?.code).toBe('PLAN_PAUSED');
    expect(quote.refusal?.message).toMatch(/renewal payment was declined/);

    // A good card pays now and starts a new term from today.
    const saved = await pay(m, card());
    expect(saved.status).toBe(200);
    expect(await sub(m)).toMatchObject({
      status: 'active',
      termStart: '2026-12-28',
      paidThrough: '2027-01-28',
      pause: null,
    });
    expect((await planLedger(p.t, m.id)).collected).toBe(3999 * 2);
    expect((await book(m, await p.item())).status).toBe(201);
  });

  it('a card saved during the retry days pays the renewal at once (five saves at once pay it once); the term goes on from its billing date', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    await pay(m, DECLINING_CARD);
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect((await sub(m)).renewal).toMatchObject({ attempts: 1, retryOn: '2026-12-23' });
    const saves = await Promise.all(Array.from({ length: 5 }, () => pay(m, card())));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await sub(m)).toMatchObject({
      status: 'active',
      renewal: null,
      termStart: '2026-12-22',
      paidThrough: '2027-01-22',
    });
    const ledger = await planLedger(p.t, m.id);
    expect(ledger.entries.map((e) => [e.status, e.idempotency_key.split(':').slice(-2).join(':')])).toEqual([
      ['succeeded', expect.any(String)],
      ['declined', '2026-12-22:1'],
      ['succeeded', '2026-12-22:2'],
    ]);
    expect(ledger.collected).toBe(3999 * 2);
    // The retry day charges nothing more.
    p.day('2026-12-23');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).entries).toHaveLength(3);
    expect((await book(m, await p.item())).status).toBe(201);
  });

  it('a declining card saved while paused for payment changes nothing but the card', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    await pay(m, DECLINING_CARD);
    for (const day of ['2026-12-22', '2026-12-23', '2026-12-24']) {
      p.day(day);
      await runRenewalJob(p.t);
    }
    expect((await sub(m)).status).toBe('paused');
    const res = await pay(m, card({ cardNumber: '4000 0000 0000 0358', cvv: '123' }));
    expect(res.status).toBe(402);
    expect(await sub(m)).toMatchObject({ status: 'paused', pause: { reason: 'payment' } });
    await planLedger(p.t, m.id);
  });
});
