import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditStatement } from '../../../domain/credit';
import type { OrderList } from '../../../domain/orders';
import type { Quote, Rental } from '../../../domain/rentals';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Store credit on a real database (SQLite, and PostgreSQL in the api-postgres project; decision
 * 0063): goodwill granted by staff (audited, once per key), spent at checkout before the card,
 * given back on a cancellation, never below zero when spent twice at once, and the balance always
 * the sum of the entries.
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
const grant = (email: string, amountCents: number, key = randomUUID()) =>
  desk.request('/api/ops/credit/goodwill', {
    method: 'POST',
    json: { email, amountCents, reason: 'Late delivery, with our apologies', idempotencyKey: key },
  });
const statement = (m: TestMember) => json<CreditStatement>(m.request('/api/credit'));
const charges = (userId: string) =>
  db()
    .selectFrom('payment_ledger')
    .select(['kind', 'amount_cents', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
/** The balance is the last entry's and the sum of all of them, and never below zero. */
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
    expect(r.seq).toBe(i + 1);
    expect(r.balance_after_cents).toBe(sum);
    expect(r.balance_after_cents).toBeGreaterThanOrEqual(0);
  });
  expect(await t.services.credit.sum(userId)).toBe(sum);
  return sum;
}

describe(`store credit (${process.env.TEST_DIALECT})`, () => {
  it('staff grant goodwill once per key, audited; members cannot', async () => {
    const m = await t.signUp();
    const key = randomUUID();
    expect((await grant(m.email, 1_500, key)).status).toBe(201);
    expect((await grant(m.email, 1_500, key)).status).toBe(201); // a retry: nothing more
    expect((await statement(m)).balanceCents).toBe(1_500);
    expect((await m.request('/api/ops/credit/goodwill', { method: 'POST', json: {} })).status).toBe(403);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'credit.goodwill').execute();
    expect(audit.filter((a) => a.subject_id === m.id)).toHaveLength(1);
    expect((await grant('nobody@example.com', 100)).status).toBe(404);
    expect((await grant(m.email, 0)).status).toBe(400);
    expect(await balances(m.id)).toBe(1_500);
  });

  it('is spent before the card: in the quote, the charge and the order; a cancellation gives it back', async () => {
    const m = await readyToRent(await t.signUp());
    await grant(m.email, 1_000);
    const itemId = await makeTestItem(db(), { priceCents: 4_000 });
    const q = await json<Quote>(m.request(`/api/rentals/quote?itemId=${itemId}&size=M`));
    expect(q).toMatchObject({ priceCents: 4_000, creditCents: 1_000, chargeCents: 3_000 });
    const rental = await json<Rental>(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    expect(await charges(m.id)).toEqual([{ kind: 'charge', amount_cents: 3_000, status: 'succeeded' }]);
    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order).toMatchObject({ creditCents: 1_000, chargedCents: 3_000 });
    expect((await statement(m)).balanceCents).toBe(0);

    await json(m.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' }));
    const after = await statement(m);
    expect(after.balanceCents).toBe(1_000);
    expect(after.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['spend_returned', 1_000],
      ['spend', -1_000],
      ['goodwill', 1_000],
    ]);
    expect(await balances(m.id)).toBe(1_000);
    // Her data file has her credit's history.
    const exported = (await (await m.request('/api/me/export')).json()) as { storeCredit: { kind: string }[] };
    expect(exported.storeCredit.map((c) => c.kind)).toEqual(['goodwill', 'spend', 'spend_returned']);
  });

  it('pays a whole rental when it covers it: nothing charged to the card, the order confirmed', async () => {
    const m = await readyToRent(await t.signUp());
    await grant(m.email, 5_000);
    const itemId = await makeTestItem(db(), { priceCents: 3_000 });
    const rental = await json<Rental>(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    expect(rental.status).not.toBe('pending_payment');
    expect(await charges(m.id)).toEqual([]);
    const [order] = (await json<OrderList>(m.request('/api/orders'))).orders;
    expect(order).toMatchObject({ status: 'confirmed', creditCents: 3_000, chargedCents: 0 });
    expect(await balances(m.id)).toBe(2_000);
  });

  it('leaves the card at least 50 cents when it almost covers the price', async () => {
    const m = await readyToRent(await t.signUp());
    await grant(m.email, 2_980);
    const itemId = await makeTestItem(db(), { priceCents: 3_000 });
    const q = await json<Quote>(m.request(`/api/rentals/quote?itemId=${itemId}&size=M`));
    expect(q).toMatchObject({ creditCents: 2_950, chargeCents: 50 });
  });

  it('spent twice at once never goes below zero: two bookings, and ten direct spends', async () => {
    const m = await readyToRent(await t.signUp());
    await grant(m.email, 3_000);
    const items = [await makeTestItem(db(), { priceCents: 3_000 }), await makeTestItem(db(), { priceCents: 3_000 })];
    const booked = await Promise.all(
      items.map((itemId) => m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } })),
    );
    expect(booked.map((r) => r.status)).toEqual([201, 201]);
    // One paid with the credit, the other with the card.
    expect((await charges(m.id)).map((c) => c.amount_cents)).toEqual([3_000]);
    expect(await balances(m.id)).toBe(0);

    await grant(m.email, 3_000);
    const spends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db()
          .transaction()
          .execute((trx) =>
            t.services.credit.move(trx, {
              userId: m.id,
              kind: 'spend',
              amountCents: -1_000,
              description: 'test spend',
              idempotencyKey: `test:${m.id}:${i}`,
            }),
          ),
      ),
    );
    expect(spends.filter((s) => s !== null)).toHaveLength(3);
    expect(await balances(m.id)).toBe(0);
  });
});
