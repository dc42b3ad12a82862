import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PickupState } from '../../../domain/plans';
import type { TestApp } from '../../test/test-app';
import {
  CVV,
  PAN,
  PAN_BAD_GROUPED,
  PAN_GROUPED,
  card,
  choose,
  errorOf,
  getSub,
  pay,
  plansTestApp,
} from './plans.test-helpers';

/*
 * Plans and subscriptions on a real database: the card (refused, declined, charged once), one
 * member's plan kept from another, the pickup option, and the full card number and CVV never
 * stored or logged. Choosing a plan is in plans.api.test.ts, the setup in plans.test-helpers.ts.
 */
const app = plansTestApp();
const { logLines } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`plans and subscriptions (${process.env.TEST_DIALECT})`, () => {
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
    await a.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store' } });

    // B sees only B's own (default) data, even when naming A.
    expect(await getSub(b)).toMatchObject({ plan: 'weekly', card: null });
    expect(await (await b.request('/api/plans/payment-method')).json()).toEqual({ card: null });
    expect(await (await b.request('/api/plans/pickup')).json()).toEqual({
      option: null,
      studioId: null,
      updatedAt: null,
    });
    expect((await b.request(`/api/plans/subscription/${a.id}`)).status).toBe(404);
    expect((await b.request(`/api/plans/payment-method/${a.id}`, { method: 'PUT', json: card() })).status).toBe(404);

    // B's writes, even carrying A's id, change only B.
    await choose(b, { plan: 'weekly', userId: a.id, user_id: a.id });
    await pay(b, { ...card({ cardNumber: '5555 5555 5555 4444', cardholderName: 'Mallory' }), userId: a.id });
    await b.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online', userId: a.id } });

    expect(await getSub(a)).toMatchObject({
      plan: 'monthly',
      itemCount: 7,
      status: 'active',
      card: { lastFour: PAN.slice(-4), cardholderName: 'Ada Lovelace' },
    });
    expect(await (await a.request('/api/plans/pickup')).json()).toMatchObject({ option: 'in-store' });
    expect(await getSub(b)).toMatchObject({ plan: 'weekly', card: { lastFour: '4444', cardholderName: 'Mallory' } });
  });

  it('saves the pickup option per member and refuses anything but online or in-store', async () => {
    const m = await t.signUp();
    expect(await (await m.request('/api/plans/pickup')).json()).toEqual({
      option: null,
      studioId: null,
      updatedAt: null,
    });
    const res = await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online', studioId: 1 } });
    expect(res.status).toBe(200);
    // A studio is kept only for pickup.
    expect(await res.json()).toEqual({ option: 'online', studioId: null, updatedAt: app.now.toISOString() });
    const studio = (
      await t.ctx.database.db.selectFrom('studios').select('id').orderBy('position').executeTakeFirstOrThrow()
    ).id;
    await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studio } });
    expect((await (await m.request('/api/plans/pickup')).json()) as PickupState).toMatchObject({
      option: 'in-store',
      studioId: studio,
    });
    expect(await t.services.plans.getPickupOption(m.id)).toBe('in-store');
    expect(
      (await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: 999_999 } })).status,
    ).toBe(400);

    const bad = await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'drone' } });
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
    await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } });
    await m.request('/api/auth/sign-out', { method: 'POST', json: {} });
    const again = await t.signIn(m.email, m.password);
    expect(await getSub(again)).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      status: 'active',
      card: { lastFour: PAN.slice(-4) },
    });
    expect(await (await again.request('/api/plans/pickup')).json()).toMatchObject({ option: 'online' });
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
    expect(Object.keys(doc.paths['/api/plans/subscription'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(doc.paths['/api/plans/payment-method'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(doc.paths['/api/plans/pickup'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
