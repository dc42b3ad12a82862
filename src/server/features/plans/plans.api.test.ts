import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult, Subscription } from '../../../domain/plans';
import type { TestApp } from '../../test/test-app';
import { PAN, card, choose, errorOf, getSub, pay, plansTestApp } from './plans.test-helpers';

/*
 * Plans and subscriptions on a real database: choosing Weekly, Monthly and 3 Months, the billing
 * periods on a clock the tests move, and the plans refused. The card, the pickup option and what
 * is never stored or logged are in plans-card.api.test.ts, the setup in plans.test-helpers.ts.
 */
const app = plansTestApp();
const { setNow } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`plans and subscriptions (${process.env.TEST_DIALECT})`, () => {
  it('gives a new member Weekly on first read, once, even under concurrent reads', async () => {
    const m = await t.signUp();
    const subs = await Promise.all(Array.from({ length: 8 }, () => getSub(m)));
    for (const s of subs) {
      expect(s).toMatchObject({
        plan: 'weekly',
        planTitle: 'Weekly',
        status: 'active',
        itemCount: null,
        priceCents: null,
        billingMonths: null,
        nextBillingDate: null,
        autoAssigned: true,
        card: null,
      });
    }
    const rows = await t.ctx.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', m.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.request('/api/plans/subscription')).status).toBe(401);
    expect((await t.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'weekly' } })).status).toBe(401);
    expect((await t.request('/api/plans/payment-method', { method: 'PUT', json: card() })).status).toBe(401);
    expect((await t.request('/api/plans/pickup')).status).toBe(401);
  });

  it('chooses Weekly: active at once, pay as you go', async () => {
    const m = await t.signUp();
    const res = await choose(m, { plan: 'weekly' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      plan: 'weekly',
      status: 'active',
      autoAssigned: false,
      nextBillingDate: null,
      priceCents: null,
    });
  });

  it('chooses Monthly with 5 items: waits for payment, then the card activates and charges it', async () => {
    const m = await t.signUp();
    const chosen = (await (await choose(m, { plan: 'monthly', itemCount: 5 })).json()) as Subscription;
    expect(chosen).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      priceCents: 5666,
      priceUnit: 'a month',
      status: 'pending_payment',
      nextBillingDate: null,
      currentPeriod: null,
    });
    expect(await t.services.plans.currentBillingPeriod(m.id)).toBeNull();

    setNow(new Date('2026-11-22T12:30:00.000Z'));
    const res = await pay(m, card());
    expect(res.status).toBe(200);
    const body = (await res.json()) as PaymentResult;
    expect(body.charge).toEqual({ amountCents: 5666, plan: 'monthly', createdAt: '2026-11-22T12:30:00.000Z' });
    expect(body.subscription).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      priceCents: 5666,
      status: 'active',
      startedAt: '2026-11-22T12:30:00.000Z',
      nextBillingDate: '2026-12-22',
      currentPeriod: { start: '2026-11-22', end: '2026-12-22' },
      commitmentEndsOn: null,
      card: {
        brand: 'visa',
        lastFour: PAN.slice(-4),
        cardholderName: 'Ada Lovelace',
        expiryMonth: '08',
        expiryYear: '2029',
        billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
      },
    });
    expect(await getSub(m)).toEqual(body.subscription);
    const charges = await t.ctx.database.db.selectFrom('charges').selectAll().where('user_id', '=', m.id).execute();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      plan: 'monthly',
      item_count: 5,
      amount_cents: 5666,
      created_at: '2026-11-22T12:30:00.000Z',
    });

    // The allowance the rentals feature enforces, and the next billing date as time passes.
    const service = t.services.plans;
    expect(await service.currentBillingPeriod(m.id)).toEqual({
      plan: 'monthly',
      itemAllowance: 5,
      start: '2026-11-22',
      end: '2026-12-22',
    });
    // The term is stored (decision 0058): its end is the next billing date; renewals are plan-billing.api.test.ts's.
    setNow(new Date('2026-12-21T09:00:00.000Z'));
    expect(await service.currentBillingPeriod(m.id)).toEqual({
      plan: 'monthly',
      itemAllowance: 5,
      start: '2026-11-22',
      end: '2026-12-22',
    });
    expect(await getSub(m)).toMatchObject({
      nextBillingDate: '2026-12-22',
      termStart: '2026-11-22',
      paidThrough: '2026-12-22',
      actions: ['pause', 'skip', 'change', 'cancel'],
    });
    setNow(new Date('2026-11-22T12:30:00.000Z'));

    // Manage mode: a new card replaces the old one, with no new charge and the same start.
    const updated = await pay(
      m,
      card({ cardNumber: '5555 5555 5555 4444', cvv: '321', cardholderName: 'A. Lovelace' }),
    );
    expect(updated.status).toBe(200);
    const u = (await updated.json()) as PaymentResult;
    expect(u.charge).toBeNull();
    expect(u.subscription).toMatchObject({
      status: 'active',
      startedAt: '2026-11-22T12:30:00.000Z',
      card: { brand: 'mastercard', lastFour: '4444', cardholderName: 'A. Lovelace' },
    });
    expect(
      await t.ctx.database.db.selectFrom('charges').selectAll().where('user_id', '=', m.id).execute(),
    ).toHaveLength(1);
  });

  it('chooses 3 Months: 7 outfits a month, 99.99 once for the three months (decision 0030)', async () => {
    const m = await t.signUp();
    const chosen = (await (await choose(m, { plan: 'threemonths', itemCount: 4 })).json()) as Subscription;
    expect(chosen).toMatchObject({
      plan: 'threemonths',
      planTitle: '3 Months',
      itemCount: 7,
      priceCents: 9999,
      priceUnit: 'for 3 months',
      billingMonths: 3,
      status: 'pending_payment',
    });
    const body = (await (await pay(m, card())).json()) as PaymentResult;
    expect(body.charge?.amountCents).toBe(9999);
    // Billed again when the term ends; the allowance counts by the month.
    expect(body.subscription).toMatchObject({
      status: 'active',
      nextBillingDate: '2027-02-22',
      commitmentEndsOn: '2027-02-22',
      currentPeriod: { start: '2026-11-22', end: '2026-12-22' },
    });
    expect(await t.services.plans.currentBillingPeriod(m.id)).toMatchObject({
      plan: 'threemonths',
      itemAllowance: 7,
      start: '2026-11-22',
      end: '2026-12-22',
    });
    setNow(new Date('2027-01-05T09:00:00.000Z'));
    try {
      expect(await getSub(m)).toMatchObject({
        nextBillingDate: '2027-02-22',
        currentPeriod: { start: '2026-12-22', end: '2027-01-22' },
      });
    } finally {
      setNow(new Date('2026-11-22T10:00:00.000Z'));
    }
    expect(
      await t.ctx.database.db.selectFrom('charges').select('amount_cents').where('user_id', '=', m.id).execute(),
    ).toEqual([{ amount_cents: 9999 }]);
  });

  it('defaults Monthly to 3 items and refuses 10 (or 2, or a custom plan), naming the field', async () => {
    const m = await t.signUp();
    expect(await (await choose(m, { plan: 'monthly' })).json()).toMatchObject({ itemCount: 3, priceCents: 3999 });

    const ten = await choose(m, { plan: 'monthly', itemCount: 10 });
    expect(ten.status).toBe(400);
    const e10 = await errorOf(ten);
    expect(e10.code).toBe('VALIDATION_FAILED');
    expect(e10.issues).toEqual([{ path: 'itemCount', message: 'Item count must be at most 9' }]);
    expect(e10.message).toMatch(/itemCount/);

    const two = await errorOf(await choose(m, { plan: 'monthly', itemCount: 2 }));
    expect(two.issues).toEqual([{ path: 'itemCount', message: 'Item count must be at least 3' }]);
    const custom = await choose(m, { plan: 'custom' });
    expect(custom.status).toBe(400);
    expect((await errorOf(custom)).issues?.[0]?.path).toBe('plan');
    // Nothing changed.
    expect(await getSub(m)).toMatchObject({ plan: 'monthly', itemCount: 3 });
  });
});
