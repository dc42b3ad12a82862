import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentFormInput } from '../../../domain/card';
import type { PaymentResult, PickupState, Subscription } from '../../../domain/plans';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

// A mutable clock: tests move "now" to see billing periods roll over.
let now = new Date('2026-11-22T10:00:00.000Z');
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  // No redaction on purpose: the card data must never be handed to the logger at all.
  t = await createTestApp({ seed: false, clock: () => now, logger: pino({ level: 'trace' }, logStream) });
});
afterAll(async () => {
  await t?.close();
});

/** A card number with a correct Luhn digit, from its first 15 digits. */
function withLuhn(first15: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const n = first15 + d;
    let sum = 0;
    for (let i = 0; i < n.length; i += 1) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) {
        x *= 2;
        if (x > 9) x -= 9;
      }
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

// Distinctive digits, so a scan of the database and the logs cannot be fooled by a coincidence.
const PAN = withLuhn('491768523901736');
const PAN_GROUPED = PAN.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The same number with a wrong check digit. */
const PAN_BAD_GROUPED = PAN_GROUPED.slice(0, -1) + String((Number(PAN.slice(-1)) + 1) % 10);
const CVV = '8642';

const card = (over: Partial<PaymentFormInput> = {}): PaymentFormInput => ({
  cardNumber: PAN_GROUPED,
  expiryMonth: '08',
  expiryYear: '2029',
  cvv: CVV,
  cardholderName: 'Ada Lovelace',
  billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
  ...over,
});

const getSub = async (m: TestMember) => {
  const res = await m.request('/api/subscription');
  expect(res.status).toBe(200);
  return (await res.json()) as Subscription;
};
const choose = (m: TestMember, json: unknown) => m.request('/api/subscription', { method: 'PUT', json });
const pay = (m: TestMember, json: unknown) => m.request('/api/payment-method', { method: 'PUT', json });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } })
    .error;

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
    expect((await t.request('/api/subscription')).status).toBe(401);
    expect((await t.request('/api/subscription', { method: 'PUT', json: { plan: 'weekly' } })).status).toBe(401);
    expect((await t.request('/api/payment-method', { method: 'PUT', json: card() })).status).toBe(401);
    expect((await t.request('/api/pickup')).status).toBe(401);
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

    now = new Date('2026-11-22T12:30:00.000Z');
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
    now = new Date('2027-01-05T09:00:00.000Z');
    expect(await service.currentBillingPeriod(m.id)).toEqual({
      plan: 'monthly',
      itemAllowance: 5,
      start: '2026-12-22',
      end: '2027-01-22',
    });
    expect((await getSub(m)).nextBillingDate).toBe('2027-01-22');
    now = new Date('2026-11-22T12:30:00.000Z');

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
    now = new Date('2027-01-05T09:00:00.000Z');
    try {
      expect(await getSub(m)).toMatchObject({
        nextBillingDate: '2027-02-22',
        currentPeriod: { start: '2026-12-22', end: '2027-01-22' },
      });
    } finally {
      now = new Date('2026-11-22T10:00:00.000Z');
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

  it('refuses a bad card number, a past expiry and a missing field with the field and the reason, and stores nothing', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 4 });

    const luhn = await pay(m, card({ cardNumber: PAN_BAD_GROUPED }));
    expect(luhn.status).toBe(400);
    expect((await errorOf(luhn)).issues).toEqual([
      { path: 'cardNumber', message: 'Card number is not valid (check the digits)' },
    ]);

    const letters = await errorOf(await pay(m, card({ cardNumber: '4917 6852 3901 73ab' })));
    expect(letters.issues?.[0]).toEqual({
      path: 'cardNumber',
      message: 'Card number must be digits only, grouped in fours',
    });

    const pastMonth = await pay(m, card({ expiryMonth: '10', expiryYear: '2026' }));
    expect(pastMonth.status).toBe(400);
    expect((await errorOf(pastMonth)).issues).toEqual([{ path: 'expiryMonth', message: 'This card has expired' }]);
    const pastYear = await errorOf(await pay(m, card({ expiryYear: '2025' })));
    expect(pastYear.issues).toEqual([{ path: 'expiryYear', message: 'This card has expired' }]);

    const { cvv: _cvv, ...noCvv } = card();
    const missing = await pay(m, noCvv);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).issues).toEqual([{ path: 'cvv', message: 'Required' }]);

    const zip = await errorOf(
      await pay(m, card({ billingAddress: { street: 'x', city: 'y', state: 'z', zipCode: '1120' } })),
    );
    expect(zip.issues).toEqual([{ path: 'billingAddress.zipCode', message: 'ZIP code must be 5 digits' }]);

    expect(await getSub(m)).toMatchObject({ status: 'pending_payment', card: null });
    expect(
      await t.ctx.database.db.selectFrom('charges').selectAll().where('user_id', '=', m.id).execute(),
    ).toHaveLength(0);
  });

  it('answers 402 for a card the provider declines and leaves the plan waiting', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 3 });
    const res = await pay(m, card({ cardNumber: '4000 0000 0000 0002' }));
    expect(res.status).toBe(402);
    expect((await errorOf(res)).code).toBe('PAYMENT_DECLINED');
    expect(await getSub(m)).toMatchObject({ status: 'pending_payment', card: null });
  });

  it('answers 402 with the reason when the card is accepted but its first charge is declined; the plan waits, the card stays', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 3 });
    const res = await pay(m, card({ cardNumber: '4000 0000 0000 0358' }));
    expect(res.status).toBe(402);
    const err = (await res.json()) as { error: { code: string; message: string; details: { declineCode: string } } };
    expect(err.error).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card has insufficient funds. Please use another card.',
      details: { declineCode: 'insufficient_funds' },
    });
    expect(await getSub(m)).toMatchObject({ status: 'pending_payment', card: { lastFour: '0358' } });
    expect(
      await t.ctx.database.db.selectFrom('charges').selectAll().where('user_id', '=', m.id).execute(),
    ).toHaveLength(0);
    // Another card activates it.
    expect((await pay(m, card())).status).toBe(200);
    expect(await getSub(m)).toMatchObject({ status: 'active', card: { lastFour: PAN.slice(-4) } });
  });

  it('charges a waiting plan once even when the card is sent twice at the same time', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 6 });
    const results = await Promise.all([pay(m, card()), pay(m, card()), pay(m, card())]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const charges = await t.ctx.database.db.selectFrom('charges').selectAll().where('user_id', '=', m.id).execute();
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amount_cents).toBe(6499);
  });

  it("keeps one member's plan, card and pickup away from another", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await choose(a, { plan: 'monthly', itemCount: 7 });
    await pay(a, card());
    await a.request('/api/pickup', { method: 'PUT', json: { option: 'in-store' } });

    // B sees only B's own (default) data, even when naming A.
    expect(await getSub(b)).toMatchObject({ plan: 'weekly', card: null });
    expect(await (await b.request('/api/payment-method')).json()).toEqual({ card: null });
    expect(await (await b.request('/api/pickup')).json()).toEqual({ option: null, studioId: null, updatedAt: null });
    expect((await b.request(`/api/subscription/${a.id}`)).status).toBe(404);
    expect((await b.request(`/api/payment-method/${a.id}`, { method: 'PUT', json: card() })).status).toBe(404);

    // B's writes, even carrying A's id, change only B.
    await choose(b, { plan: 'weekly', userId: a.id, user_id: a.id });
    await pay(b, { ...card({ cardNumber: '5555 5555 5555 4444', cardholderName: 'Mallory' }), userId: a.id });
    await b.request('/api/pickup', { method: 'PUT', json: { option: 'online', userId: a.id } });

    expect(await getSub(a)).toMatchObject({
      plan: 'monthly',
      itemCount: 7,
      status: 'active',
      card: { lastFour: PAN.slice(-4), cardholderName: 'Ada Lovelace' },
    });
    expect(await (await a.request('/api/pickup')).json()).toMatchObject({ option: 'in-store' });
    expect(await getSub(b)).toMatchObject({ plan: 'weekly', card: { lastFour: '4444', cardholderName: 'Mallory' } });
  });

  it('saves the pickup option per member and refuses anything but online or in-store', async () => {
    const m = await t.signUp();
    expect(await (await m.request('/api/pickup')).json()).toEqual({ option: null, studioId: null, updatedAt: null });
    const res = await m.request('/api/pickup', { method: 'PUT', json: { option: 'online', studioId: 1 } });
    expect(res.status).toBe(200);
    // A studio is kept only for pickup.
    expect(await res.json()).toEqual({ option: 'online', studioId: null, updatedAt: now.toISOString() });
    const studio = (
      await t.ctx.database.db.selectFrom('studios').select('id').orderBy('position').executeTakeFirstOrThrow()
    ).id;
    await m.request('/api/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studio } });
    expect((await (await m.request('/api/pickup')).json()) as PickupState).toMatchObject({
      option: 'in-store',
      studioId: studio,
    });
    expect(await t.services.plans.getPickupOption(m.id)).toBe('in-store');
    expect(
      (await m.request('/api/pickup', { method: 'PUT', json: { option: 'in-store', studioId: 999_999 } })).status,
    ).toBe(400);

    const bad = await m.request('/api/pickup', { method: 'PUT', json: { option: 'drone' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues).toEqual([
      { path: 'option', message: 'Choose either online delivery or in-store pickup' },
    ]);
  });

  it('resets a stored plan that is no longer valid to Weekly', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 4 });
    await t.ctx.database.db
      .updateTable('subscriptions')
      .set({ plan: 'platinum' })
      .where('user_id', '=', m.id)
      .execute();
    expect(await getSub(m)).toMatchObject({ plan: 'weekly', status: 'active', autoAssigned: true });
    await t.ctx.database.db
      .updateTable('subscriptions')
      .set({ plan: 'monthly', item_count: 12 })
      .where('user_id', '=', m.id)
      .execute();
    expect(await getSub(m)).toMatchObject({ plan: 'weekly', itemCount: null });
  });

  it('survives a new sign-in: the plan, card and pickup are on the account', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 5 });
    await pay(m, card());
    await m.request('/api/pickup', { method: 'PUT', json: { option: 'online' } });
    await m.request('/api/auth/sign-out', { method: 'POST', json: {} });
    const again = await t.signIn(m.email, m.password);
    expect(await getSub(again)).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      status: 'active',
      card: { lastFour: PAN.slice(-4) },
    });
    expect(await (await again.request('/api/pickup')).json()).toMatchObject({ option: 'online' });
  });

  it('never stores or logs the full card number or the CVV', async () => {
    const m = await t.signUp();
    await choose(m, { plan: 'monthly', itemCount: 5 });
    logLines.length = 0;
    expect((await pay(m, card())).status).toBe(200);
    // A refused card goes through the error path: it must not leak either.
    await pay(m, card({ cardNumber: PAN_BAD_GROUPED }));

    // The number's parts are long enough to be unique; four digits are not (a random id or key
    // may hold '8642'), so the CVV counts only as a value of its own, not inside another token.
    const forbidden = [PAN, PAN_GROUPED, PAN.slice(0, 12), PAN.slice(4)];
    const cvvAlone = new RegExp(`(?<![0-9A-Za-z_-])${CVV}(?![0-9A-Za-z_-])`);
    const logs = logLines.join('');
    expect(logs).toContain('payment method saved'); // the capture works
    for (const s of forbidden) expect(logs).not.toContain(s);
    expect(logs).not.toMatch(cvvAlone);

    const db = t.ctx.database.db;
    const tables =
      t.dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
              db,
            )
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
          ).rows;
    expect(tables.map((r) => r.name)).toEqual(
      expect.arrayContaining(['payment_methods', 'charges', 'subscriptions', 'payment_ledger', 'payment_sim_cards']),
    );
    let scanned = 0;
    for (const { name } of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
      const text = JSON.stringify(rows);
      scanned += rows.length;
      for (const s of forbidden) expect(text, `table ${name} holds card data`).not.toContain(s);
      expect(text, `table ${name} holds the CVV`).not.toMatch(cvvAlone);
      if (name === 'payment_methods') expect(text).toContain(PAN.slice(-4));
    }
    expect(scanned).toBeGreaterThan(0);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/subscription'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(doc.paths['/api/payment-method'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(doc.paths['/api/pickup'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
