import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodayBoard } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { createServices } from '../../services';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Late to dispatch (docs/product.md "Renting"), on SQLite and PostgreSQL: a booking not sent by
 * the end of its start day is listed apart on the desk, its member is told once and sees no
 * "Return by" but what happens; still not sent on start + 2 days, the scheduled job cancels it
 * and refunds it in full exactly once, however often and wherever the job runs.
 */

const START = '2026-11-22T10:00:00.000Z';
let now = new Date(START);
let t: TestApp;
let desk: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
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
const book = async (m: TestMember, startDate: string, endDate: string) =>
  json<Rental>(
    m.request('/api/rentals', {
      method: 'POST',
      json: { itemId: await makeTestItem(db()), size: 'M', startDate, endDate },
    }),
    201,
  );
const notificationsOf = (userId: string, kind: string) =>
  db()
    .selectFrom('notifications')
    .select(['subject_id', 'title', 'body'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
const refundsOf = (rentalId: number) =>
  db()
    .selectFrom('payment_ledger')
    .select(['amount_cents', 'status', 'purpose'])
    .where('rental_id', '=', rentalId)
    .where('kind', '=', 'refund')
    .execute();
const board = () => json<TodayBoard>(desk.request('/api/ops/today'));

describe(`late to dispatch (${process.env.TEST_DIALECT})`, () => {
  it('lists it on the desk, tells her once, and her dashboard offers Cancel instead of "Return by" a past date', async () => {
    const m = await readyToRent(await t.signUp({ fullName: 'Lola Late' }));
    const late = await book(m, '2026-11-24', '2026-12-01');
    const onTime = await book(m, '2026-11-24', '2026-12-01');
    now = new Date('2026-11-23T09:00:00.000Z');
    await dispatchRental(desk, onTime.id);

    // Its start day: to dispatch, not late yet; nothing to tell her.
    now = new Date('2026-11-24T15:00:00.000Z');
    expect((await board()).toDispatch.map((r) => r.rentalId)).toContain(late.id);
    expect((await board()).lateToDispatch.map((r) => r.rentalId)).not.toContain(late.id);
    expect(await t.services.rentals.sweepLateDispatch()).toEqual({ notified: 0, cancelled: 0 });

    // The day after: late on the desk, told once (however many times the job runs), Cancel only.
    now = new Date('2026-11-25T08:00:00.000Z');
    const today = await board();
    expect(today.lateToDispatch.map((r) => r.rentalId)).toEqual([late.id]);
    expect(today.toDispatch.map((r) => r.rentalId)).not.toContain(late.id);
    expect(await t.services.rentals.sweepLateDispatch()).toEqual({ notified: 1, cancelled: 0 });
    expect(await t.services.rentals.sweepLateDispatch()).toEqual({ notified: 0, cancelled: 0 });
    const told = await notificationsOf(m.id, 'dispatch_late');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(
      /has not left us yet\. You can cancel it from your dashboard for a full refund \(\$\d+\.\d{2}\)\. If we cannot send it by Thursday 26 November, we cancel it and refund you in full\./,
    );
    const mine = await json<Rental>(m.request(`/api/rentals/${late.id}`));
    expect(mine).toMatchObject({
      status: 'reserved',
      actions: ['cancel'],
      lateToDispatch: { since: '2026-11-24', cancelsOn: '2026-11-26' },
    });
    expect(await json<Rental>(m.request(`/api/rentals/${onTime.id}`))).toMatchObject({ lateToDispatch: null });
    // Return is never offered for a piece she never received.
    expect((await m.request(`/api/rentals/${late.id}/return`, { method: 'POST' })).status).toBe(409);

    // Sent late but before the cancel day: it goes, and the job leaves it alone.
    await dispatchRental(desk, late.id);
    expect((await board()).lateToDispatch).toEqual([]);
    now = new Date('2026-11-27T08:00:00.000Z');
    expect(await t.services.rentals.sweepLateDispatch()).toEqual({ notified: 0, cancelled: 0 });
    expect(await refundsOf(late.id)).toEqual([]);
    now = new Date(START);
  });

  it('cancels and refunds in full exactly once on start + 2 days, even when the job runs twice at once and in two processes', async () => {
    now = new Date(START);
    const m = await readyToRent(await t.signUp({ fullName: 'Nell Neversent' }));
    const rental = await book(m, '2026-11-24', '2026-12-01');
    expect(rental.chargeCents).toBeGreaterThan(0);

    now = new Date('2026-11-26T06:00:00.000Z');
    // Another process on the same database: its own services, the same rows.
    const otherProcess = createServices(t.ctx);
    const results = await Promise.all([
      t.services.rentals.sweepLateDispatch(),
      otherProcess.rentals.sweepLateDispatch(),
      t.services.rentals.sweepLateDispatch(),
    ]);
    expect(results.reduce((n, r) => n + r.cancelled, 0)).toBe(1);
    // And through the queue, as the scheduler sends it: nothing more.
    await t.ctx.jobs.send(QUEUES.lateDispatch.name, {}, { singletonKey: 'late-dispatch' });
    await t.ctx.jobs.runDue([QUEUES.lateDispatch.name]);

    expect(await refundsOf(rental.id)).toEqual([
      { amount_cents: rental.chargeCents, status: 'succeeded', purpose: 'cancellation' },
    ]);
    const mine = await json<Rental>(m.request(`/api/rentals/${rental.id}`));
    expect(mine).toMatchObject({ status: 'cancelled', actions: [], lateToDispatch: null });
    const order = await db()
      .selectFrom('orders')
      .select('status')
      .where('number', '=', rental.orderNumber!)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    const told = await notificationsOf(m.id, 'dispatch_late_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`$${(rental.chargeCents / 100).toFixed(2)} goes back to your card in full.`);
    // Off the desk, and the unit is free again.
    expect((await board()).lateToDispatch.map((r) => r.rentalId)).not.toContain(rental.id);
    const booking = await db()
      .selectFrom('rentals')
      .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
      .select('bookings.released_at')
      .where('rentals.id', '=', rental.id)
      .executeTakeFirstOrThrow();
    expect(booking.released_at).not.toBeNull();
    now = new Date(START);
  });

  it("never shows a member's piece, cleaned by its lender, in the house cleaning list", async () => {
    now = new Date(START);
    const { lender, rentalId } = await returnedMemberRental(t, { staff: desk });
    const request = await db()
      .selectFrom('booking_requests')
      .select('id')
      .where('rental_id', '=', rentalId)
      .executeTakeFirstOrThrow();
    await json(
      lender.request(`/api/lending/requests/${request.id}/back`, { method: 'POST', json: { condition: 'good' } }),
    );
    const unit = await db()
      .selectFrom('rentals')
      .select('unit_id')
      .where('id', '=', rentalId)
      .executeTakeFirstOrThrow();
    const state = await db()
      .selectFrom('unit_states')
      .select('state')
      .where('unit_id', '=', unit.unit_id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('cleaning');
    const cleaning = await json<{ units: { id: number }[] }>(desk.request('/api/ops/units?state=cleaning'));
    expect(cleaning.units.map((u) => u.id)).not.toContain(unit.unit_id);
  });
});
