import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskRental } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { makeTestItem } from '../../test/renter';
import { dispatchRental } from '../../test/staff';
import type { WaitlistEntry } from '../../../domain/waitlist';
import type { TestApp, TestMember } from '../../test/test-app';
import { entriesOf, errorOf, join, waitlistTestApp } from './waitlist.test-helpers';

/**
 * The waitlist (issue 17, decision 0034) with a clock the tests move: a unit freed by 'cleaning
 * done' or a cancellation is held for the first member waiting for 24 hours (the sweep job), an
 * unconfirmed hold passes to the next, and 20 confirmations at once make one rental. Confirming,
 * leaving and concurrent sweeps are in waitlist-confirm.api.test.ts, the setup in
 * waitlist.test-helpers.ts.
 */
const app = waitlistTestApp();
const { setNow, renter, runSweeps, notificationsOf } = app;
let t: TestApp;
let staff: TestMember;
beforeAll(() => {
  ({ t, staff } = app);
});

describe(`waitlist (${process.env.TEST_DIALECT})`, () => {
  it('refuses to join for a size that is free (book it), twice for the same dates, or with bad dates and sizes', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'] });
    const m = await renter();
    let res = await join(m, { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).details).toMatchObject({ action: 'book' });
    expect((await join(m, { itemId, size: 'M', startDate: '2026-11-01', endDate: '2026-11-08' })).status).toBe(400);
    expect((await join(m, { itemId, size: 'XL', startDate: '2026-11-23', endDate: '2026-11-30' })).status).toBe(400);
    expect((await join(m, { itemId, size: 'M', startDate: '2026-11-30', endDate: '2026-11-23' })).status).toBe(400);
    expect((await join(m, { itemId: 999_999, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' })).status).toBe(
      404,
    );
    expect(
      (
        await t.request('/api/waitlist', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' },
        })
      ).status,
    ).toBe(401);

    const r = await renter();
    expect((await r.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } })).status).toBe(201);
    res = await join(m, { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' });
    expect(res.status, await res.clone().text()).toBe(201);
    const entry = (await res.json()) as WaitlistEntry;
    expect(entry).toMatchObject({ status: 'waiting', position: 1, holdExpiresAt: null });
    expect((await join(m, { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' })).status).toBe(409);
    // She may leave, and join again.
    expect((await m.request(`/api/waitlist/${entry.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await entriesOf(m)).toEqual([]);
    expect((await join(m, { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' })).status).toBe(201);
  });

  it('a return after cleaning holds the unit for the first member waiting; unconfirmed for 24 hours it passes to the second; 20 confirmations at once make one rental', async () => {
    setNow(new Date('2026-11-22T10:00:00Z'));
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'], priceCents: 2_000 });
    const holder = await renter();
    const rental = (await (
      await holder.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } })
    ).json()) as Rental;
    const [first, second] = [await renter(), await renter()];
    const dates = { itemId, size: 'M', startDate: '2026-11-24', endDate: '2026-12-01' };
    expect((await join(first, dates)).status).toBe(201);
    expect((await join(second, dates)).status).toBe(201);
    expect((await entriesOf(second))[0]!.position).toBe(2);

    // Out, back, checked in: still held for cleaning, so nobody is offered it yet.
    await dispatchRental(staff, rental.id);
    expect((await holder.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(200);
    const desk = (await (await staff.request(`/api/ops/rentals/${rental.id}`)).json()) as DeskRental;
    expect(
      (await staff.request(`/api/ops/units/${desk.unitCode}/check-in`, { method: 'POST', json: { condition: 'good' } }))
        .status,
    ).toBe(200);
    await t.services.waitlist.sweep();
    expect((await entriesOf(first))[0]!.status).toBe('waiting');

    // Cleaning done: the sweep it sent holds the unit for the first member, and tells her.
    expect((await staff.request(`/api/ops/units/${desk.unitCode}/cleaning-done`, { method: 'POST' })).status).toBe(200);
    expect(await runSweeps()).toBeGreaterThan(0);
    const held = (await entriesOf(first))[0]!;
    expect(held.status).toBe('held');
    expect(held.holdExpiresAt).toBe('2026-11-23T10:00:00.000Z');
    expect(await notificationsOf(first)).toEqual([
      expect.objectContaining({ kind: 'waitlist_hold', link: '/dashboard' }),
    ]);
    expect((await entriesOf(second))[0]).toMatchObject({ status: 'waiting', position: 1 });
    // Held for her: nobody else can book it for those dates.
    const outsider = await renter();
    expect(
      (
        await errorOf(
          await outsider.request('/api/rentals', {
            method: 'POST',
            json: { itemId, size: 'M', startDate: '2026-11-24', endDate: '2026-12-01' },
          }),
        )
      ).code,
    ).toBe('SOLD_OUT');
    // Only she can confirm it.
    expect((await second.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json: {} })).status).toBe(404);

    // 25 hours later she has not confirmed: the hold expires and passes to the second.
    setNow(new Date('2026-11-23T11:00:00Z'));
    await t.services.waitlist.sweep();
    expect(await entriesOf(first)).toEqual([]);
    const res = await first.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json: {} });
    expect(res.status).toBe(409);
    const secondHeld = (await entriesOf(second))[0]!;
    expect(secondHeld.status).toBe('held');
    expect(await notificationsOf(second)).toHaveLength(1);

    // Twenty confirmations at once: one rental, one charge.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        second.request(`/api/waitlist/${secondHeld.id}/confirm`, { method: 'POST', json: {} }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const booked = (await answers.find((r) => r.status === 201)!.json()) as Rental;
    expect(booked).toMatchObject({
      itemId,
      size: 'M',
      startDate: '2026-11-24',
      returnDate: '2026-12-01',
      chargeCents: 2_000,
    });
    const { db } = t.ctx.database;
    expect(await db.selectFrom('rentals').select('id').where('user_id', '=', second.id).execute()).toHaveLength(1);
    expect(
      await db
        .selectFrom('payment_ledger')
        .select('id')
        .where('user_id', '=', second.id)
        .where('kind', '=', 'charge')
        .execute(),
    ).toHaveLength(1);
    // The unit is hers alone: one live booking for those days (the hold gave way to the rental).
    const live = await db
      .selectFrom('bookings')
      .select('id')
      .where('item_id', '=', itemId)
      .where('released_at', 'is', null)
      .where('end_date', '>', '2026-11-23')
      .execute();
    expect(live).toHaveLength(1);
    expect(await entriesOf(second)).toEqual([]);
  }, 120_000);

  it('a cancellation frees the unit for the member waiting', async () => {
    setNow(new Date('2026-11-22T10:00:00Z'));
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'] });
    const holder = await renter();
    const rental = (await (
      await holder.request('/api/rentals', {
        method: 'POST',
        json: { itemId, size: 'M', startDate: '2026-11-26', endDate: '2026-12-03' },
      })
    ).json()) as Rental;
    const waiting = await renter();
    expect((await join(waiting, { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' })).status).toBe(
      201,
    );
    expect((await holder.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
    await runSweeps();
    expect((await entriesOf(waiting))[0]!.status).toBe('held');
  });
});
