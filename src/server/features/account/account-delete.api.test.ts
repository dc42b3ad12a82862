import { beforeAll, describe, expect, it } from 'vitest';

import { readyToRent, requestAndAccept } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import type { TestApp } from '../../test/test-app';
import { ACCOUNT_LIMITS } from './account.limits';
import { del, errorOf, fullMember, houseItem, ok } from './account-delete.test-helpers';
import { accountTestApp, whoIs } from './account.test-helpers';

/**
 * Deleting an account (issue 12): password required; open rentals and pieces rented out block
 * it. On SQLite and PostgreSQL. What the deletion removes is in account-delete-data.api.test.ts,
 * deleting while a booking is under way in account-delete-races.api.test.ts, the setup in
 * account.test-helpers.ts and account-delete.test-helpers.ts.
 */
const app = accountTestApp();
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`delete my account (${process.env.TEST_DIALECT})`, () => {
  it('needs the right password, and a wrong one changes nothing', async () => {
    const m = await t.signUp();
    const res = await del(m, 'not my password');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/password/i);
    expect(await whoIs(t, m.cookie)).toBe(m.id);
    const bad = await m.request('/api/me', { method: 'DELETE', json: {} });
    expect(bad.status).toBe(400);
  });

  it('is blocked while she has a rental out, with a clear message, and works once it is returned', async () => {
    const m = await readyToRent(await t.signUp());
    const itemId = await houseItem(t);
    const rental = await ok(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    await dispatchRental(await makeStaff(t), rental.id as number);
    const res = await del(m, m.password);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toMatch(/rental out.*return it first/i);
    // Sent: there is no cancelling it with the account.
    expect((await del(m, m.password, { cancelReservations: true })).status).toBe(409);
    expect(await whoIs(t, m.cookie)).toBe(m.id);
    await ok(m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    expect((await del(m, m.password)).status).toBe(204);
  });

  it('with a reserved piece not sent yet, offers to cancel it (the refund stated) and, asked, cancels it, refunds it in full and deletes', async () => {
    const m = await readyToRent(await t.signUp());
    const rental = (await ok(
      m.request('/api/rentals', { method: 'POST', json: { itemId: await houseItem(t), size: 'M' } }),
      201,
    )) as { id: number; chargeCents: number };
    const res = await del(m, m.password);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.message).not.toMatch(/return it first/i);
    expect(err.message).toMatch(/has not been sent yet: cancel it first \(a full refund\)/);
    expect(err.details).toMatchObject({
      openRentals: 0,
      rentedOutListings: [],
      unsentReservations: [{ rentalId: rental.id, refundCents: rental.chargeCents, coveredByPlan: false }],
    });
    expect(rental.chargeCents).toBeGreaterThan(0);
    expect(await whoIs(t, m.cookie)).toBe(m.id);

    expect((await del(m, m.password, { cancelReservations: true })).status).toBe(204);
    expect(await whoIs(t, m.cookie)).toBeNull();
    const { db } = t.ctx.database;
    const row = await db
      .selectFrom('rentals')
      .select(['cancelled_at', 'returned_at'])
      .where('id', '=', rental.id as number)
      .executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
    const refunds = await db
      .selectFrom('payment_ledger')
      .select(['amount_cents', 'status'])
      .where('rental_id', '=', rental.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ amount_cents: rental.chargeCents, status: 'succeeded' }]);
  });

  it('is blocked while one of her pieces is rented out', async () => {
    const { m, listingId } = await fullMember(app);
    const renter = await readyToRent(await t.signUp());
    await ok(await requestAndAccept(renter, m, { itemId: listingId, size: 'M' }), 201);
    const res = await del(m, m.password);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.message).toMatch(/Delia Velvet Gown is rented out until \d{4}-\d{2}-\d{2}/);
    expect(err.details?.rentedOutListings).toHaveLength(1);
    const item = await t.ctx.database.db
      .selectFrom('items')
      .select('status')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(item.status).toBe('active');
  });

  it('limits password attempts per member', async () => {
    // The limit counts in fixed 15-minute windows: the app's clock starts one minute into one, so
    // the eleven attempts cannot straddle two windows (they did once, at 23:00:00).
    const windowMs = ACCOUNT_LIMITS.passwordChecksPerMember.windowSeconds * 1000;
    app.setClockAhead(windowMs - (Date.now() % windowMs) + 60_000);
    try {
      const m = await t.signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await del(m, `wrong guess ${i}`)).status);
      expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(await whoIs(t, m.cookie)).toBe(m.id);
    } finally {
      app.setClockAhead(0);
    }
  });
});
