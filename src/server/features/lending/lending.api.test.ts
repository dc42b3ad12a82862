import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, BookingRequestList } from '../../../domain/lending';
import type { RentalList } from '../../../domain/rentals';
import { makeTestItem, readyToRent } from '../../test/renter';
import type { TestApp } from '../../test/test-app';
import { earned, errorOf, json, lendingTestApp, post, requestPiece } from './lending.test-helpers';

/*
 * Issue 18 part A on a real database (SQLite, and PostgreSQL in the api-postgres project): a
 * request to book a member's piece holds the days and authorises the price; the lender's accept
 * captures it once even when sent ten times at once; decline and expiry (run from the durable
 * queue) void it and free the days. The thread, the handover and the lender's calendar are in
 * lending-calendar.api.test.ts, the setup in lending.test-helpers.ts.
 */

const app = lendingTestApp();
const { db, ledgerOf, notesOf, renter, lenderWithPiece, at, runExpiry } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`request to book (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it("holds the days and authorises the price; only members' pieces; the lender is told and has 48 hours", async () => {
    const { lender, itemId } = await lenderWithPiece();
    const rita = await renter();
    const house = await makeTestItem(db());
    const refused = await requestPiece(rita, house);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'CONFLICT', details: { action: 'book' } });
    expect((await requestPiece(lender, itemId)).status).toBe(403);

    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-25', endDate: '2026-12-02' }),
      201,
    );
    expect(made).toMatchObject({
      role: 'renter',
      status: 'pending',
      stage: 'requested',
      actions: ['withdraw'],
      priceCents: 2_000,
      lenderShareCents: 1_400,
      lenderName: 'Lou Lender',
      expiresAt: '2026-11-24T10:00:00.000Z',
    });
    expect(await ledgerOf(rita.id)).toEqual([
      expect.objectContaining({
        kind: 'authorise',
        status: 'succeeded',
        amount_cents: 2_000,
        purpose: 'lending_request',
      }),
    ]);
    // Nothing charged yet: no rental on her dashboard, and no earnings for the lender.
    expect((await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals).toEqual([]);
    expect(await notesOf(lender.id)).toEqual([
      { kind: 'lending_requested', title: `Rita Renter would like to rent ${made.item.name}` },
    ]);

    // The days are held: nobody else can request or book them.
    const other = await renter('Olga Other');
    const taken = await requestPiece(other, itemId, { startDate: '2026-11-27', endDate: '2026-12-04' });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('SOLD_OUT');
    // A member's piece is not booked instantly either.
    const instant = await post(other, '/api/rentals', {
      itemId,
      size: 'M',
      startDate: '2026-12-20',
      endDate: '2026-12-27',
    });
    expect(instant.status).toBe(409);
    expect(await errorOf(instant)).toMatchObject({ details: { action: 'request' } });

    const lists = await json<BookingRequestList>(lender.request('/api/lending/requests'));
    expect(lists.incoming.map((r) => [r.id, r.role, r.actions])).toEqual([[made.id, 'lender', ['accept', 'decline']]]);
    expect(lists.outgoing).toEqual([]);
    expect((await other.request(`/api/lending/requests/${made.id}`)).status).toBe(404);
  });

  it('a declined card holds nothing and asks nothing of the lender', async () => {
    const { lender, itemId } = await lenderWithPiece('Lana Lender');
    const broke = await readyToRent(await t.signUp({ fullName: 'Bea Broke' }), { cardNumber: '4000 0000 0000 0341' });
    const res = await requestPiece(broke, itemId);
    expect(res.status).toBe(402);
    expect((await errorOf(res)).code).toBe('PAYMENT_DECLINED');
    expect(await notesOf(lender.id)).toEqual([]);
    expect((await json<BookingRequestList>(lender.request('/api/lending/requests'))).incoming).toEqual([]);
    await json(requestPiece(await renter('Nina Next'), itemId), 201);
  });

  it('ten accepts at once: one captures, the others get 409; the renter is charged once and told', async () => {
    const { lender, itemId } = await lenderWithPiece('Ann Acceptor');
    const rita = await renter('Ruth Renter');
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-24', endDate: '2026-12-01' }),
      201,
    );
    // Only the lender answers.
    expect((await post(rita, `/api/lending/requests/${made.id}/accept`)).status).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(lender, `/api/lending/requests/${made.id}/accept`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);

    const ledger = await ledgerOf(rita.id);
    expect(ledger.map((e) => [e.kind, e.status, e.amount_cents])).toEqual([
      ['authorise', 'succeeded', 2_000],
      ['capture', 'succeeded', 2_000],
    ]);
    // At the provider: the authorisation captured once, by one capture.
    const auth = await db()
      .selectFrom('payment_ledger')
      .select('provider_ref')
      .where('user_id', '=', rita.id)
      .where('kind', '=', 'authorise')
      .executeTakeFirstOrThrow();
    expect(
      await db()
        .selectFrom('payment_sim_objects')
        .select(['amount_cents'])
        .where('parent_id', '=', auth.provider_ref)
        .execute(),
    ).toEqual([{ amount_cents: 2_000 }]);
    expect(
      await db()
        .selectFrom('payment_sim_requests')
        .select('operation')
        .where('idempotency_key', 'like', `request:${made.id}:%`)
        .orderBy('created_at')
        .execute(),
    ).toHaveLength(2);
    const rentals = (await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals;
    expect(rentals.map((r) => [r.id, r.chargeCents])).toEqual([[made.rentalId, 2_000]]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_accepted']);
    const after = await json<BookingRequest>(lender.request(`/api/lending/requests/${made.id}`));
    expect(after).toMatchObject({ status: 'accepted', stage: 'to_send', actions: ['send', 'cancel'] });
    expect((await post(lender, `/api/lending/requests/${made.id}/decline`)).status).toBe(409);
    // Earnings come when it starts, not before.
    expect(await earned(lender)).toBe(0);
    expect(await at('2026-11-24T09:00:00.000Z', () => earned(lender))).toBe(1_400);
  });

  it('decline voids the authorisation and frees the days at once; nothing is earned', async () => {
    const { lender, itemId } = await lenderWithPiece('Dora Decliner');
    const rita = await renter('Rhea Renter');
    const made = await json<BookingRequest>(requestPiece(rita, itemId), 201);
    const declined = await json<BookingRequest>(post(lender, `/api/lending/requests/${made.id}/decline`));
    expect(declined).toMatchObject({ status: 'declined', stage: 'done', actions: [] });
    expect((await ledgerOf(rita.id)).map((e) => [e.kind, e.status])).toEqual([
      ['authorise', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_declined']);
    expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
    // Free again for the next member; and the renter can ask again.
    await json(requestPiece(await renter('Nora Next'), itemId), 201);
    expect(await earned(lender)).toBe(0);
    expect((await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals).toEqual([]);
  });

  it('silence: the expiry job (durable queue) voids and frees after 48 hours, once; a late accept is refused', async () => {
    const { lender, itemId } = await lenderWithPiece('Sia Silent');
    const rita = await renter('Rosa Renter');
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-28', endDate: '2026-12-05' }),
      201,
    );
    await at('2026-11-24T09:59:00.000Z', runExpiry);
    expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).status).toBe('pending');

    await at('2026-11-24T10:00:01.000Z', async () => {
      expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
      await runExpiry();
      await runExpiry();
      expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).status).toBe('expired');
      expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
      await json(
        requestPiece(await renter('Nell Next'), itemId, { startDate: '2026-11-28', endDate: '2026-12-05' }),
        201,
      );
    });
    expect((await ledgerOf(rita.id)).map((e) => [e.kind, e.status])).toEqual([
      ['authorise', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_expired']);
    expect((await notesOf(lender.id)).map((n) => n.kind)).toEqual([
      'lending_requested',
      'lending_expired',
      'lending_requested',
    ]);
    expect(await earned(lender)).toBe(0);
  });
});
