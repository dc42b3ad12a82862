import { describe, expect, it } from 'vitest';
import type { ChangeQuoteSchema } from '../../../domain/plans';
import type { Quote } from '../../../domain/rentals';
import type { z } from 'zod';
import { PLAN_MESSAGES } from '../../../domain/plan-calendar.rules';
import { choose, errorOf } from './plans.test-helpers';
import { act, acted, book, planBillingTestApp, planLedger, runRenewalJob, sub } from './plan-billing.test-helpers';

/*
 * A plan that bends (decision 0058) on a real database, SQLite or PostgreSQL: pause (no charge,
 * no plan pieces, her rentals kept), resume early, skip, upgrade pro rata, downgrade at the next
 * billing date, cancel and undo; the ledger balanced after each.
 */
const p = planBillingTestApp();
type ChangeQuote = z.infer<typeof ChangeQuoteSchema>;

describe(`pause, skip and resume (${process.env.TEST_DIALECT})`, () => {
  it('pauses from the next billing date: no charge while paused, plan pieces refused with the reason, rentals kept; charged again when it ends', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    const itemId = await p.item();
    const before = await book(m, itemId);
    expect(before.status).toBe(201);
    const paused = await acted(await act(m, 'pause', { months: 2 }));
    expect(paused.chargedCents).toBe(0);
    expect(paused.subscription).toMatchObject({
      status: 'active',
      pause: { from: '2026-12-22', until: '2027-02-22', reason: 'pause' },
      nextBillingDate: '2026-12-22',
      actions: ['resume', 'cancel'],
    });
    expect((await act(m, 'pause', { months: 1 })).status).toBe(409); // one pause at a time
    expect((await act(m, 'pause', { months: 3 })).status).toBe(400);
    // Until the billing date the paid month is hers.
    expect((await book(m, await p.item())).status).toBe(201);

    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect(await sub(m)).toMatchObject({
      status: 'paused',
      nextBillingDate: '2027-02-22',
      currentPeriod: null,
      actions: ['resume', 'cancel'],
    });
    const refused = await book(m, await p.item());
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe('PLAN_PAUSED');
    expect(error.message).toBe(
      'Your plan is paused until 2027-02-22: plan pieces can be booked again from then. Resume your plan from your account to rent now; the pieces you have stay yours.',
    );
    const quote = (await (
      await m.request(`/api/rentals/quote?itemId=${await p.item()}&size=M&startDate=2026-12-23&endDate=2026-12-30`)
    ).json()) as Quote;
    expect(quote.refusal).toEqual({ code: 'PLAN_PAUSED', message: error.message });
    const rentals = (await (await m.request('/api/rentals')).json()) as { rentals: { itemId: number }[] };
    expect(rentals.rentals.map((r) => r.itemId)).toContain(itemId);

    p.day('2027-01-22');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).entries).toHaveLength(1); // nothing charged while paused

    p.day('2027-02-22');
    await runRenewalJob(p.t);
    expect(await sub(m)).toMatchObject({
      status: 'active',
      termStart: '2027-02-22',
      paidThrough: '2027-03-22',
      pause: null,
    });
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([3999, 3999]);
    expect((await book(m, await p.item())).status).toBe(201);
  });

  it('resumes early: charged then, a new term from that day; racing resumes charge once', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 5);
    await acted(await act(m, 'pause', { months: 2 }));
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    p.day('2027-01-03');
    const answers = await Promise.all(Array.from({ length: 5 }, () => act(m, 'resume')));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(4);
    const resumed = await acted(ok[0]!);
    expect(resumed.chargedCents).toBe(5666);
    expect(resumed.subscription).toMatchObject({
      status: 'active',
      termStart: '2027-01-03',
      paidThrough: '2027-02-03',
      pause: null,
    });
    expect((await planLedger(p.t, m.id)).collected).toBe(5666 * 2);
    expect((await book(m, await p.item())).status).toBe(201);
  });

  it('calls off a pause booked for later with nothing to charge', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    await acted(await act(m, 'pause', { months: 1 }));
    const off = await acted(await act(m, 'resume'));
    expect(off.chargedCents).toBe(0);
    expect(off.subscription).toMatchObject({ pause: null, nextBillingDate: '2026-12-22' });
    expect((await act(m, 'resume')).status).toBe(409);
  });

  it('skips the next month on Monthly (3 Months pauses instead)', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    const skipped = await acted(await act(m, 'skip'));
    expect(skipped.subscription.pause).toEqual({ from: '2026-12-22', until: '2027-01-22', reason: 'skip' });
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect((await sub(m)).status).toBe('paused');
    p.day('2027-01-22');
    await runRenewalJob(p.t);
    expect(await sub(m)).toMatchObject({ status: 'active', termStart: '2027-01-22' });
    expect((await planLedger(p.t, m.id)).charges).toHaveLength(2);

    p.day('2026-11-22');
    const three = await p.member('threemonths');
    const refused = await act(three, 'skip');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/Monthly/);
  });
});

describe(`change and cancel (${process.env.TEST_DIALECT})`, () => {
  it('upgrades now, charged pro rata for the rest of the term (rounded down to the cent); renews at the new price', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    p.day('2026-12-07'); // 15 of the term's 30 days left
    const quote = (await (
      await m.request('/api/plans/subscription/change?plan=monthly&itemCount=6')
    ).json()) as ChangeQuote;
    // 6 pieces: $64.99; (6499 - 3999) x 15 / 30 = 1250.
    expect(quote).toEqual({
      plan: 'monthly',
      planTitle: 'Monthly',
      itemCount: 6,
      timing: 'now',
      appliesOn: '2026-12-07',
      chargeNowCents: 1250,
      currentPriceCents: 3999,
      newPriceCents: 6499,
      newPriceUnit: 'a month',
    });
    p.day('2026-12-08'); // 14 days left: 2500 x 14 / 30 = 1166.67, rounded down
    const done = await acted(await act(m, 'change', { plan: 'monthly', itemCount: 6 }));
    expect(done.chargedCents).toBe(1166);
    expect(done.subscription).toMatchObject({ itemCount: 6, priceCents: 6499, paidThrough: '2026-12-22' });
    expect(await p.t.services.plans.currentBillingPeriod(m.id)).toMatchObject({ itemAllowance: 6 });
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([3999, 1166, 6499]);
  });

  it('an upgrade declined changes nothing', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    await m.request('/api/plans/payment-method', {
      method: 'PUT',
      json: {
        cardNumber: '4000 0000 0000 0341',
        expiryMonth: '08',
        expiryYear: '2029',
        cvv: '123',
        cardholderName: 'Ada Lovelace',
        billingAddress: { street: '1 Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
      },
    });
    const res = await act(m, 'change', { plan: 'monthly', itemCount: 9 });
    expect(res.status).toBe(402);
    expect((await sub(m)).itemCount).toBe(3);
    await planLedger(p.t, m.id);
  });

  it('downgrades and switches at the next billing date, with the new price shown; changing back calls it off', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 5);
    p.day('2026-12-01');
    const quote = (await (
      await m.request('/api/plans/subscription/change?plan=monthly&itemCount=3')
    ).json()) as ChangeQuote;
    expect(quote).toMatchObject({
      timing: 'next_billing',
      appliesOn: '2026-12-22',
      chargeNowCents: 0,
      newPriceCents: 3999,
    });
    const done = await acted(await act(m, 'change', { plan: 'monthly', itemCount: 3 }));
    expect(done.chargedCents).toBe(0);
    expect(done.subscription).toMatchObject({
      itemCount: 5,
      pendingChange: { plan: 'monthly', itemCount: 3, appliesOn: '2026-12-22', priceCents: 3999 },
    });
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect(await sub(m)).toMatchObject({ itemCount: 3, priceCents: 3999, pendingChange: null });
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([5666, 3999]);

    // A switch to 3 Months is booked for the next billing date too, and changing back calls it off.
    const switched = await acted(await act(m, 'change', { plan: 'threemonths' }));
    expect(switched.subscription.pendingChange).toMatchObject({ plan: 'threemonths', itemCount: 7, priceCents: 9999 });
    const back = await acted(await act(m, 'change', { plan: 'monthly', itemCount: 3 }));
    expect(back.subscription.pendingChange).toBeNull();
    expect((await act(m, 'change', { plan: 'monthly', itemCount: 3 })).status).toBe(409);
  });

  it('cancels at the end of the paid term (told the day), can undo before it, and is on Weekly from then', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 4);
    p.day('2026-12-05');
    const cancelled = await acted(await act(m, 'cancel'));
    expect(cancelled.subscription).toMatchObject({
      plan: 'monthly',
      cancelAt: '2026-12-22',
      nextBillingDate: null,
      actions: ['undoCancel'],
    });
    const undone = await acted(await act(m, 'cancel', undefined, 'DELETE'));
    expect(undone.subscription).toMatchObject({ cancelAt: null, nextBillingDate: '2026-12-22' });
    await acted(await act(m, 'cancel'));
    // Still hers until the end of the term.
    p.day('2026-12-21');
    expect((await book(m, await p.item())).status).toBe(201);
    p.day('2026-12-22');
    await Promise.all([runRenewalJob(p.t), p.t.services.planBilling.renewDue()]);
    expect(await sub(m)).toMatchObject({ plan: 'weekly', status: 'active', nextBillingDate: null, actions: [] });
    expect((await act(m, 'cancel', undefined, 'DELETE')).status).toBe(409);
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([4832]);
  });

  it('choosing a plan anew while a paid term runs is refused with the way to change it (five at once too), the term kept; once it ends, she chooses freely', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 4);
    const before = await sub(m);
    const refused = await choose(m, { plan: 'weekly' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(PLAN_MESSAGES.termRunning('Monthly', '2026-12-22'));
    const many = await Promise.all(Array.from({ length: 5 }, () => choose(m, { plan: 'threemonths' })));
    expect(many.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    expect(await sub(m)).toEqual(before);
    // Cancelled at the end of the term: from then the plan page is a new choice.
    await acted(await act(m, 'cancel'));
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    const chosen = await choose(m, { plan: 'threemonths' });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ plan: 'threemonths', status: 'pending_payment' });
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([4832]);
  });
});
