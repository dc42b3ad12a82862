import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCode } from '../../../domain/offers';
import type { OrderList, OrderReceipt } from '../../../domain/orders';
import type { Quote, Rental } from '../../../domain/rentals';
import { makeTestItem, readyToRent, TEST_DELIVERY_ADDRESS } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Offers on a real database (SQLite, and PostgreSQL in the api-postgres project; decision 0056):
 * the welcome offer on a first pay-per-item rental, priced in the quote, charged, on the order and
 * refunded as paid, once per member under concurrency; the desk's promo codes and their limits
 * under 50 concurrent redemptions. The welcome offer is on here (20%), as in production.
 */

const START = '2026-11-22T10:00:00.000Z';
let t: TestApp;
let desk: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date(START), env: { welcomeOfferPercent: 20 } });
  desk = await makeStaff(t, { fullName: 'Dee Desk' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const item = (priceCents = 10_000, units = 1) => makeTestItem(db(), { priceCents, units });
const renter = async () => readyToRent(await t.signUp());
const book = (m: TestMember, body: Record<string, unknown>) =>
  m.request('/api/rentals', { method: 'POST', json: body });
const quoteOf = async (m: TestMember, itemId: number, code?: string) =>
  json<Quote>(
    m.request(`/api/rentals/quote?itemId=${itemId}&size=M${code ? `&code=${encodeURIComponent(code)}` : ''}`),
  );
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
const errorOf = async (res: Response | Promise<Response>) =>
  ((await (await res).json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
const charges = (userId: string) =>
  db()
    .selectFrom('payment_ledger')
    .select(['kind', 'amount_cents', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const newCode = (body: Record<string, unknown>) =>
  json<PromoCode>(desk.request('/api/ops/promo-codes', { method: 'POST', json: body }), 201);
let codes = 0;
const codeName = (prefix: string) => `${prefix}-${(codes += 1)}`;

describe(`the welcome offer (${process.env.TEST_DIALECT})`, () => {
  it('takes 20% off her first pay-per-item rental: in the quote, the charge, the order and the receipt; a refund gives back what was paid', async () => {
    const m = await renter();
    const itemId = await item(10_000);
    const q = await quoteOf(m, itemId);
    expect(q).toMatchObject({
      priceCents: 10_000,
      chargeCents: 8_000,
      discount: { kind: 'welcome', code: null, cents: 2_000, label: 'Welcome offer: 20% off your first rental' },
      refusal: null,
    });
    const rental = await json<Rental>(book(m, { itemId, size: 'M' }), 201);
    expect(rental).toMatchObject({ priceCents: 10_000, chargeCents: 8_000 });
    expect(await charges(m.id)).toEqual([{ kind: 'charge', amount_cents: 8_000, status: 'succeeded' }]);

    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order).toMatchObject({
      chargedCents: 8_000,
      discount: { kind: 'welcome', cents: 2_000 },
      items: [{ priceCents: 10_000 }],
    });
    const receipt = await json<OrderReceipt>(m.request(`/api/orders/${order!.number}`));
    expect(receipt).toMatchObject({ chargedCents: 8_000, discount: { kind: 'welcome', cents: 2_000 } });

    // The second rental is full price: the offer is once per member.
    const second = await item(10_000);
    expect(await quoteOf(m, second)).toMatchObject({ chargeCents: 10_000, discount: null });
    await json(book(m, { itemId: second, size: 'M' }), 201);

    // Cancelled before the start: what was paid comes back, not the list price.
    const cancelled = await json<{ refundCents: number }>(
      m.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' }),
    );
    expect(cancelled.refundCents).toBe(8_000);
    const refunds = (await charges(m.id)).filter((e) => e.kind === 'refund');
    expect(refunds).toEqual([{ kind: 'refund', amount_cents: 8_000, status: 'succeeded' }]);
  });

  it('not on a plan piece (it costs nothing extra), nor for a visitor; a plan piece does not use it up', async () => {
    const m = await t.signUp();
    await json(m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } }));
    await readyToRent(m);
    const itemId = await item(10_000);
    expect(await quoteOf(m, itemId)).toMatchObject({ includedInPlan: true, chargeCents: 0, discount: null });
    await json(book(m, { itemId, size: 'M' }), 201);
    expect(await db().selectFrom('welcome_offer_claims').selectAll().where('user_id', '=', m.id).execute()).toEqual([]);
    const visitor = await json<Quote>(t.request(`/api/rentals/quote?itemId=${itemId}&size=M`));
    expect(visitor).toMatchObject({ chargeCents: 10_000, discount: null });
  });

  it('a declined card gives it back: nothing was booked', async () => {
    const m = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    const itemId = await item(10_000);
    expect((await book(m, { itemId, size: 'M' })).status).toBe(402);
    expect(await db().selectFrom('welcome_offer_claims').selectAll().where('user_id', '=', m.id).execute()).toEqual([]);
    expect((await quoteOf(m, itemId)).discount).toMatchObject({ kind: 'welcome', cents: 2_000 });
  });

  it('comes off before store credit: credit for the discounted total pays it all, with no card (decision 0069)', async () => {
    const m = await t.signUp();
    await json(m.request('/api/orders/delivery-address', { method: 'PUT', json: TEST_DELIVERY_ADDRESS }));
    await json(m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } }));
    await json(
      desk.request('/api/ops/credit/goodwill', {
        method: 'POST',
        json: { email: m.email, amountCents: 3_200, reason: 'A gift from client care', idempotencyKey: `w-${m.id}` },
      }),
      201,
    );
    const itemId = await item(4_000);
    expect(await quoteOf(m, itemId)).toMatchObject({
      discount: { kind: 'welcome', cents: 800 },
      creditCents: 3_200,
      chargeCents: 0,
      card: null,
      refusal: null,
    });
    await json(book(m, { itemId, size: 'M' }), 201);
    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order).toMatchObject({ discount: { kind: 'welcome', cents: 800 }, creditCents: 3_200, chargedCents: 0 });
    const receipt = await json<OrderReceipt>(m.request(`/api/orders/${order!.number}`));
    expect(receipt).toMatchObject({ creditCents: 3_200, chargedCents: 0, card: null });
    expect(await charges(m.id)).toEqual([]);
  });

  it('two first bookings at once: one gets it (the database decides), and she pays what each booking said', async () => {
    const m = await renter();
    const a = await item(10_000);
    const b = await item(10_000);
    const answers = await Promise.all([book(m, { itemId: a, size: 'M' }), book(m, { itemId: b, size: 'M' })]);
    const statuses = answers.map((r) => r.status).sort();
    // The loser is refused (PostgreSQL: the claim's key) or priced after the winner (SQLite serialises them).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const claims = await db().selectFrom('welcome_offer_claims').selectAll().where('user_id', '=', m.id).execute();
    expect(claims).toHaveLength(1);
    const paid = (await charges(m.id)).filter((e) => e.status === 'succeeded').map((e) => e.amount_cents);
    expect(paid.sort((x, y) => x - y)).toEqual(statuses[1] === 201 ? [8_000, 10_000] : [8_000]);
    const orders = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(orders.filter((o) => o.discount?.kind === 'welcome')).toHaveLength(1);
    // The ledger balances: every order's charge is its price less its discount.
    for (const o of orders) expect(o.chargedCents).toBe(o.items[0]!.priceCents - (o.discount?.cents ?? 0));
  });
});

describe(`promo codes (${process.env.TEST_DIALECT})`, () => {
  it('staff create and switch codes, audited; members and visitors cannot; a taken code is 409', async () => {
    const code = await newCode({ code: 'spring-10', kind: 'percent', percentOff: 10 });
    expect(code).toMatchObject({
      code: 'SPRING-10',
      kind: 'percent',
      percentOff: 10,
      amountOffCents: null,
      active: true,
    });
    expect(
      (
        await desk.request('/api/ops/promo-codes', {
          method: 'POST',
          json: { code: 'Spring-10', kind: 'amount', amountOffCents: 500 },
        })
      ).status,
    ).toBe(409);
    const bad = await desk.request('/api/ops/promo-codes', { method: 'POST', json: { code: 'x', kind: 'percent' } });
    expect(bad.status).toBe(400);
    const m = await renter();
    expect((await m.request('/api/ops/promo-codes')).status).toBe(403);
    expect((await t.request('/api/ops/promo-codes')).status).toBe(401);
    const off = await json<PromoCode>(
      desk.request(`/api/ops/promo-codes/${code.id}`, { method: 'PATCH', json: { active: false } }),
    );
    expect(off.active).toBe(false);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'promo_code')
      .where('subject_id', '=', String(code.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'promo_code.create', actor_id: desk.id },
      { action: 'promo_code.deactivate', actor_id: desk.id },
    ]);
  });

  it('a code in any case: the saving in the quote and the charge; the better of it and the welcome offer, never both', async () => {
    const ten = codeName('TEN');
    await newCode({ code: ten, kind: 'amount', amountOffCents: 1_000, maxUsesPerMember: 3 });
    const half = codeName('HALF');
    await newCode({ code: half, kind: 'percent', percentOff: 50 });
    const m = await renter();
    const itemId = await item(10_000);
    // First rental: the welcome offer (20%: $20) beats $10 off; the code is not used.
    expect(await quoteOf(m, itemId, ten.toLowerCase())).toMatchObject({
      chargeCents: 8_000,
      discount: { kind: 'welcome', cents: 2_000 },
      discountNote: expect.stringContaining('welcome offer'),
    });
    // 50% beats the welcome offer: the code applies instead.
    expect(await quoteOf(m, itemId, half)).toMatchObject({
      chargeCents: 5_000,
      discount: { kind: 'code', code: half, cents: 5_000, label: `Code ${half}: 50% off` },
    });
    await json(book(m, { itemId, size: 'M', code: ` ${half.toLowerCase()} ` }), 201);
    expect((await charges(m.id)).map((e) => e.amount_cents)).toEqual([5_000]);
    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order?.discount).toMatchObject({ kind: 'code', code: half, cents: 5_000 });
    // Her first rental is behind her: no welcome offer, and $10 off the next.
    const next = await item(10_000);
    expect(await quoteOf(m, next, ten)).toMatchObject({ chargeCents: 9_000, discount: { kind: 'code', cents: 1_000 } });
  });

  it('unknown, switched off, not yet, expired, used up, under the minimum or not her first: each refused by name', async () => {
    const m = await renter();
    const itemId = await item(10_000);
    const refusal = async (code: string) => (await quoteOf(m, itemId, code)).refusal;
    expect(await refusal('NOPE-123')).toMatchObject({ code: 'PROMO_CODE_UNKNOWN' });
    const off = codeName('OFF');
    const made = await newCode({ code: off, kind: 'percent', percentOff: 10 });
    await json(desk.request(`/api/ops/promo-codes/${made.id}`, { method: 'PATCH', json: { active: false } }));
    expect(await refusal(off)).toMatchObject({ code: 'PROMO_CODE_EXPIRED', message: 'This code is not active.' });
    const later = codeName('LATER');
    await newCode({ code: later, kind: 'percent', percentOff: 10, validFrom: '2026-12-01' });
    expect(await refusal(later)).toMatchObject({ code: 'PROMO_CODE_EXPIRED', message: 'This code is not valid yet.' });
    const old = codeName('OLD');
    await newCode({ code: old, kind: 'percent', percentOff: 10, validUntil: '2026-11-21' });
    expect(await refusal(old)).toMatchObject({ code: 'PROMO_CODE_EXPIRED', message: 'This code has expired.' });
    const big = codeName('BIG');
    await newCode({ code: big, kind: 'amount', amountOffCents: 500, minSpendCents: 20_000 });
    expect(await refusal(big)).toMatchObject({
      code: 'PROMO_CODE_NOT_ELIGIBLE',
      message: 'This code applies to rentals of $200.00 or more.',
    });

    // The booking is refused with the same error shape, and nothing is booked or charged.
    const res = await book(m, { itemId, size: 'M', code: old });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'PROMO_CODE_EXPIRED', details: { reason: 'expired' } });
    expect(await charges(m.id)).toEqual([]);

    await json(book(m, { itemId, size: 'M' }), 201);
    const first = codeName('FIRST');
    await newCode({ code: first, kind: 'percent', percentOff: 30, firstRentalOnly: true });
    expect((await quoteOf(m, await item(10_000), first)).refusal).toMatchObject({
      code: 'PROMO_CODE_NOT_ELIGIBLE',
      message: 'This code is for your first rental only.',
    });
    const once = codeName('ONCE');
    await newCode({ code: once, kind: 'percent', percentOff: 10, maxUsesPerMember: 1 });
    const another = await item(10_000);
    await json(book(m, { itemId: another, size: 'M', code: once }), 201);
    const third = await item(10_000);
    expect((await quoteOf(m, third, once)).refusal).toMatchObject({ code: 'PROMO_CODE_USED_UP' });
    const used = await book(m, { itemId: third, size: 'M', code: once });
    expect(used.status).toBe(409);
    expect(await errorOf(used)).toMatchObject({ code: 'PROMO_CODE_USED_UP', details: { reason: 'member_limit' } });
  });

  it('not on a plan piece', async () => {
    const code = codeName('PLAN');
    await newCode({ code, kind: 'percent', percentOff: 10 });
    const m = await t.signUp();
    await json(m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } }));
    await readyToRent(m);
    const itemId = await item();
    expect((await quoteOf(m, itemId, code)).refusal).toMatchObject({ code: 'PROMO_CODE_NOT_ELIGIBLE' });
    expect(await errorOf(book(m, { itemId, size: 'M', code }))).toMatchObject({
      code: 'PROMO_CODE_NOT_ELIGIBLE',
      details: { reason: 'plan' },
    });
  });

  it('50 members redeem a 10-use code at once: exactly 10 bookings, 10 uses, and the ledger balances', async () => {
    const code = codeName('FIFTY');
    // $50 off beats each member's welcome offer ($20), so every booking asks for one of the code's uses.
    const made = await newCode({ code, kind: 'amount', amountOffCents: 5_000, maxUses: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, () => renter()));
    const items = await Promise.all(members.map(() => item(10_000)));
    const answers = await Promise.all(members.map((m, i) => book(m, { itemId: items[i], size: 'M', code })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe('PROMO_CODE_USED_UP');
    const row = await db().selectFrom('promo_codes').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(10);
    const redemptions = await db().selectFrom('promo_redemptions').selectAll().where('code_id', '=', made.id).execute();
    expect(redemptions).toHaveLength(10);
    const discounted = await db()
      .selectFrom('payment_ledger')
      .select(['amount_cents'])
      .where(
        'user_id',
        'in',
        members.map((m) => m.id),
      )
      .where('amount_cents', '=', 5_000)
      .where('status', '=', 'succeeded')
      .execute();
    expect(discounted).toHaveLength(10);
  }, 120_000);

  it('a declined card gives the use back', async () => {
    const code = codeName('BACK');
    const made = await newCode({ code, kind: 'percent', percentOff: 10, maxUses: 1 });
    const m = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    expect((await book(m, { itemId: await item(), size: 'M', code })).status).toBe(402);
    const row = await db().selectFrom('promo_codes').select('uses').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(0);
    const other = await renter();
    await json(book(other, { itemId: await item(), size: 'M', code }), 201);
  });

  it('attempts with a code are rate limited per member', async () => {
    const limited = await createTestApp({ seed: false, clock: () => new Date(START), env: { promoCodeRateLimit: 3 } });
    try {
      const m = await readyToRent(await limited.signUp());
      const itemId = await makeTestItem(limited.ctx.database.db, {});
      for (let i = 0; i < 3; i += 1)
        expect((await m.request(`/api/rentals/quote?itemId=${itemId}&size=M&code=GUESS-${i}`)).status).toBe(200);
      const res = await m.request(`/api/rentals/quote?itemId=${itemId}&size=M&code=GUESS-9`);
      expect(res.status).toBe(429);
      expect((await errorOf(res)).code).toBe('RATE_LIMITED');
      // Without a code the quote is not counted.
      expect((await m.request(`/api/rentals/quote?itemId=${itemId}&size=M`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
