import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList, OrderReceipt } from '../../../domain/orders';
import { RENTAL_MESSAGES, type Quote, type Rental } from '../../../domain/rentals';
import { makeTestItem, TEST_DELIVERY_ADDRESS } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * A booking store credit pays in full needs no card (decision 0069), on a real database (SQLite,
 * and PostgreSQL in the api-postgres project): no card asked for in the quote or the booking,
 * nothing authorised or charged, the order and receipt showing the credit; credit that falls
 * short still asks for a card, in words that say so; two bookings at once that each need the
 * whole balance: one booked, the other told (her credit lock decides, the CHECK keeps it >= 0);
 * later charges (an extension) ask for a card. (The welcome offer and credit together: offers.api.test.ts.)
 */

let t: TestApp;
let desk: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date('2026-11-22T10:00:00.000Z') });
  desk = await makeStaff(t, { fullName: 'Dee Desk' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
const grant = (m: TestMember, amountCents: number) =>
  json(
    desk.request('/api/ops/credit/goodwill', {
      method: 'POST',
      json: { email: m.email, amountCents, reason: 'A gift from client care', idempotencyKey: randomUUID() },
    }),
    201,
  );
const ledger = (userId: string) =>
  db().selectFrom('payment_ledger').selectAll().where('user_id', '=', userId).execute();
const book = (m: TestMember, itemId: number) =>
  m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } });
const quote = (m: TestMember, itemId: number) => json<Quote>(m.request(`/api/rentals/quote?itemId=${itemId}&size=M`));

/** A member with a delivery address, no card, and `credit` of goodwill credit (the welcome offer is off here). */
async function noCard(credit: number): Promise<TestMember> {
  const m = await t.signUp();
  await json(m.request('/api/orders/delivery-address', { method: 'PUT', json: TEST_DELIVERY_ADDRESS }));
  await json(m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } }));
  if (credit > 0) await grant(m, credit);
  return m;
}

/** Her balance is her last entry's and the sum of all of them, never below zero. */
async function balances(userId: string): Promise<number> {
  const rows = await db()
    .selectFrom('credit_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  let sum = 0;
  rows.forEach((r, i) => {
    sum += r.amount_cents;
    expect([r.seq, r.balance_after_cents]).toEqual([i + 1, sum]);
    expect(r.balance_after_cents).toBeGreaterThanOrEqual(0);
  });
  expect(await t.services.credit.sum(userId)).toBe(sum);
  return sum;
}

describe(`a booking paid wholly with store credit (${process.env.TEST_DIALECT})`, () => {
  it('needs no card: none asked for, nothing authorised or charged, the order and receipt show the credit', async () => {
    const m = await noCard(5_000);
    const itemId = await makeTestItem(db(), { priceCents: 3_000 });
    expect(await quote(m, itemId)).toMatchObject({
      priceCents: 3_000,
      creditCents: 3_000,
      chargeCents: 0,
      card: null,
      refusal: null,
    });
    const rental = await json<Rental>(book(m, itemId), 201);
    expect(rental.status).not.toBe('pending_payment');
    expect(await ledger(m.id)).toEqual([]);
    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order).toMatchObject({ status: 'confirmed', creditCents: 3_000, chargedCents: 0, card: null });
    const receipt = await json<OrderReceipt>(m.request(`/api/orders/${order!.number}`));
    expect(receipt).toMatchObject({ creditCents: 3_000, chargedCents: 0, card: null });
    expect(await balances(m.id)).toBe(2_000);

    // Later charges need a card (docs/product.md): an extension is refused without one.
    const extended = await m.request(`/api/rentals/${rental.id}/extend`, { method: 'POST', json: {} });
    expect(extended.status).toBe(402);
    expect((await errorOf(extended)).code).toBe('CARD_REQUIRED');

    // Cancelled before it is sent: all the credit comes back.
    await json(m.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' }));
    expect(await balances(m.id)).toBe(5_000);
    expect(await ledger(m.id)).toEqual([]);
  });

  it('credit that falls short still asks for a card, saying so; nothing is booked or spent', async () => {
    const m = await noCard(2_000);
    const itemId = await makeTestItem(db(), { priceCents: 3_000 });
    expect((await quote(m, itemId)).refusal).toEqual({ code: 'CARD_REQUIRED', message: RENTAL_MESSAGES.creditShort });
    const refused = await book(m, itemId);
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toMatchObject({
      code: 'CARD_REQUIRED',
      message: RENTAL_MESSAGES.creditShort,
      details: { reason: 'credit_short' },
    });
    expect(await json<{ rentals: unknown[] }>(m.request('/api/rentals'))).toMatchObject({ rentals: [] });
    expect(await balances(m.id)).toBe(2_000);
    const none = await noCard(0);
    expect((await quote(none, itemId)).refusal).toEqual({ code: 'CARD_REQUIRED', message: RENTAL_MESSAGES.addCard });
  });

  it('two bookings at once, each covered only by the same credit: one booked, the other told; the balance never below zero', async () => {
    const m = await noCard(3_000);
    const items = [await makeTestItem(db(), { priceCents: 3_000 }), await makeTestItem(db(), { priceCents: 3_000 })];
    const answers = await Promise.all(items.map((itemId) => book(m, itemId)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 402]);
    const loser = answers.find((r) => r.status === 402)!;
    expect((await errorOf(loser)).code).toBe('CARD_REQUIRED');
    expect(await ledger(m.id)).toEqual([]);
    expect(await balances(m.id)).toBe(0);
    const spends = await db()
      .selectFrom('credit_entries')
      .select('amount_cents')
      .where('user_id', '=', m.id)
      .where('kind', '=', 'spend')
      .execute();
    expect(spends.map((s) => s.amount_cents)).toEqual([-3_000]);
    const { orders } = await json<OrderList>(m.request('/api/orders'));
    expect(orders.map((o) => [o.status, o.creditCents])).toEqual([['confirmed', 3_000]]);
  });
});
