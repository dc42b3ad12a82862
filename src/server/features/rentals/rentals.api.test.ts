import { beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_MESSAGES, type Rental } from '../../../domain/rentals';
import type { TestApp } from '../../test/test-app';
import { book, errorOf, rentalsOf, rentalsTestApp } from './rentals.test-helpers';

/*
 * Booking a piece through the API: dates and ranges, sold out and already rented, extending,
 * cancelling, and who may see a rental. Plans, earnings and races: rentals-earnings.api.test.ts.
 */

const r = rentalsTestApp();
const { makeItem, renter } = r;
let t: TestApp;
beforeAll(() => {
  t = r.t;
});

describe(`rentals (${process.env.TEST_DIALECT})`, () => {
  it('books a unit for 7 days from today, records the price, plan and pickup option, and lists it (reserved until staff dispatch it)', async () => {
    const itemId = await makeItem();
    const m = await renter();
    const studios = ((await (await t.request('/api/orders/studios')).json()) as { studios: { id: number }[] }).studios;
    await m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studios[0]!.id } });
    const res = await book(m, { itemId, size: 'M' });
    expect(res.status).toBe(201);
    const rental = (await res.json()) as Rental;
    expect(rental).toMatchObject({
      itemId,
      size: 'M',
      startDate: '2026-11-22',
      returnDate: '2026-11-29',
      status: 'reserved',
      priceCents: 799,
      chargeCents: 799, // Weekly: pay per item, charged at booking
      coveredByPlan: false,
      plan: 'weekly',
      pickupOption: 'in-store',
      handoff: 'pickup',
      orderNumber: expect.stringMatching(/^RT-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      // Not ready at the studio yet: cancelled (a full refund) rather than returned, even on its start day.
      actions: ['cancel', 'extend'],
      extensions: 0,
      dispatchedAt: null,
      cancelled: false,
      late: null,
    });
    expect(await rentalsOf(m)).toHaveLength(1);
    // The unit is held for the rental and the cleaning window after it (a studio pickup: no shipping day).
    const held = await t.ctx.database.db
      .selectFrom('bookings')
      .select(['start_date', 'end_date'])
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ start_date: '2026-11-22', end_date: '2026-12-01' });
    const item = await t.ctx.database.db
      .selectFrom('items')
      .select('rental_count')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item.rental_count).toBe(1);
  });

  it('books the range chosen on /browse (reserved until it starts) and refuses past or broken ranges', async () => {
    const itemId = await makeItem();
    const m = await renter();
    const res = await book(m, { itemId, size: 'S', startDate: '2026-12-01', endDate: '2026-12-15' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      startDate: '2026-12-01',
      returnDate: '2026-12-15',
      status: 'reserved',
      actions: ['cancel', 'extend'],
      priceCents: 2 * 799,
    });
    expect((await book(m, { itemId, size: 'S', startDate: '2026-11-01', endDate: '2026-11-08' })).status).toBe(400);
    expect((await book(m, { itemId, size: 'S', startDate: '2026-12-08' })).status).toBe(400);
    expect((await book(m, { itemId, size: 'XL' })).status).toBe(400);
    expect((await book(m, { itemId: 999_999, size: 'S' })).status).toBe(404);
  });

  it('books at most 90 days ahead (a clear 400 naming startDate), and holds a piece at most 90 days', async () => {
    const itemId = await makeItem({ units: 1, sizes: ['M'] });
    const m = await renter();
    // Today is 2026-11-22: 90 days ahead is 2027-02-20.
    for (const [startDate, endDate] of [
      ['2027-02-21', '2027-02-28'],
      ['9999-12-01', '9999-12-08'],
    ]) {
      const res = await book(m, { itemId, size: 'M', startDate, endDate });
      expect(res.status, startDate).toBe(400);
      const err = (await res.json()) as {
        error: { code: string; message: string; issues: { path: string; message: string }[] };
      };
      expect(err.error.code).toBe('VALIDATION_FAILED');
      expect(err.error.issues).toEqual([
        { path: 'startDate', message: 'must be at most 90 days from today (2027-02-20)' },
      ]);
    }
    expect(
      await t.ctx.database.db.selectFrom('bookings').select('id').where('item_id', '=', itemId).execute(),
    ).toHaveLength(0);
    const last = await book(m, { itemId, size: 'M', startDate: '2027-02-20', endDate: '2027-02-27' });
    expect(last.status).toBe(201);
    expect(
      (await m.request(`/api/rentals/${((await last.json()) as Rental).id}/cancel`, { method: 'POST' })).status,
    ).toBe(200);

    // Extending stops where the hold would pass 90 days from its start (12 extensions of a week: 91 days).
    const rental = (await (await book(m, { itemId, size: 'M' })).json()) as Rental;
    for (let i = 1; i <= 11; i += 1)
      expect((await m.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' })).status).toBe(200);
    expect((await rentalsOf(m))[0]).toMatchObject({ returnDate: '2027-02-14', extensions: 11 });
    const refused = await m.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'A rental lasts at most 90 days: return this piece and book it again to keep it longer.',
    );
    expect((await rentalsOf(m))[0]).toMatchObject({ returnDate: '2027-02-14', extensions: 11 });
  });

  it('says Already Rented when the member has the item out, even when two requests race', async () => {
    const itemId = await makeItem({ units: 3 });
    const m = await renter();
    expect((await book(m, { itemId, size: 'M' })).status).toBe(201);
    const again = await book(m, { itemId, size: 'S' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({
      code: 'ALREADY_RENTED',
      message: 'This item is already in your rental collection',
    });

    const other = await makeItem({ units: 5 });
    const racer = await renter();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => book(racer, { itemId: other, size: 'M' }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
  });

  it('answers 409 "Sold out for these dates" with the next free date (after the cleaning window and the shipping day)', async () => {
    const itemId = await makeItem({ units: 1, sizes: ['M'] });
    const a = await renter();
    const b = await renter();
    expect((await book(a, { itemId, size: 'M' })).status).toBe(201);
    const res = await book(b, { itemId, size: 'M' });
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err).toMatchObject({ code: 'SOLD_OUT', message: 'Sold out for these dates' });
    // a's week ends 11-29, cleaning holds the unit to 12-01, b's delivery ships the day before: 12-02.
    expect(err.details?.nextFreeDate).toBe('2026-12-02');
    expect((await book(b, { itemId, size: 'M', startDate: '2026-11-29', endDate: '2026-12-06' })).status).toBe(409);
    expect((await book(b, { itemId, size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' })).status).toBe(409);
    // From that date it is free.
    expect((await book(b, { itemId, size: 'M', startDate: '2026-12-02', endDate: '2026-12-09' })).status).toBe(201);
  });

  it('extends by 7 days when the unit is free (cleaning window included), and refuses when another member has it next', async () => {
    const itemId = await makeItem({ units: 1, sizes: ['M'] });
    const a = await renter();
    const b = await renter();
    const rental = (await (await book(a, { itemId, size: 'M' })).json()) as Rental;
    const ext = await a.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' });
    expect(ext.status).toBe(200);
    // Weekly: the extra week is charged to the card too.
    expect(await ext.json()).toMatchObject({
      returnDate: '2026-12-06',
      extensions: 1,
      priceCents: 2 * 799,
      chargeCents: 2 * 799,
    });

    // The unit is held to the end of the cleaning window after the new return date.
    const held = await t.ctx.database.db
      .selectFrom('bookings')
      .select('end_date')
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(held.end_date).toBe('2026-12-08');
    // b books the unit from the first day it is free again (shipped 12-08); a cannot extend into it.
    expect((await book(b, { itemId, size: 'M', startDate: '2026-12-06', endDate: '2026-12-13' })).status).toBe(409);
    expect((await book(b, { itemId, size: 'M', startDate: '2026-12-09', endDate: '2026-12-16' })).status).toBe(201);
    const blocked = await a.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' });
    expect(blocked.status).toBe(409);
    expect((await errorOf(blocked)).message).toMatch(/cannot be extended/);
    expect((await rentalsOf(a))[0]).toMatchObject({ returnDate: '2026-12-06', extensions: 1 });
  });

  it('a booking starting today is cancelled, never returned, until it is sent: a full refund, and the unit is free for the next member at once', async () => {
    const itemId = await makeItem({ units: 1, sizes: ['M'] });
    const a = await renter();
    const b = await renter();
    const rental = (await (await book(a, { itemId, size: 'M' })).json()) as Rental;
    expect(rental).toMatchObject({
      startDate: '2026-11-22',
      status: 'reserved',
      actions: ['cancel', 'extend'],
      lateToDispatch: null,
    });
    expect((await book(b, { itemId, size: 'M' })).status).toBe(409);
    // Nothing to mark received before it has been sent, and nothing to return.
    expect((await a.request(`/api/rentals/${rental.id}/received`, { method: 'POST' })).status).toBe(409);
    const ret = await a.request(`/api/rentals/${rental.id}/return`, { method: 'POST' });
    expect(ret.status).toBe(409);
    expect(await ret.json()).toMatchObject({
      error: { code: 'CONFLICT', message: RENTAL_MESSAGES.returnNotSent, details: { action: 'cancel' } },
    });
    const cancel = await a.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      rental: { status: 'cancelled', cancelledAt: expect.any(String), dispatchedAt: null, actions: [] },
      refundCents: rental.chargeCents,
    });
    expect(await rentalsOf(a)).toHaveLength(0);
    expect(await rentalsOf(a, 'all')).toHaveLength(1);
    expect((await a.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(409);
    expect((await a.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' })).status).toBe(409);
    expect((await book(b, { itemId, size: 'M' })).status).toBe(201);
    // And a can rent it again later: once b's week and its cleaning window are over (shipped 12-01).
    expect((await book(a, { itemId, size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' })).status).toBe(409);
    expect((await book(a, { itemId, size: 'M', startDate: '2026-12-02', endDate: '2026-12-09' })).status).toBe(201);
  });

  it("another member can neither see, extend nor return this member's rentals", async () => {
    const itemId = await makeItem();
    const a = await renter();
    const b = await renter();
    const rental = (await (await book(a, { itemId, size: 'M' })).json()) as Rental;
    expect((await b.request(`/api/rentals/${rental.id}`)).status).toBe(404);
    expect((await b.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' })).status).toBe(404);
    expect((await b.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(404);
    expect((await b.request(`/api/rentals/${rental.id}/received`, { method: 'POST' })).status).toBe(404);
    expect(await rentalsOf(b, 'all')).toHaveLength(0);
    expect((await t.request('/api/rentals')).status).toBe(401);
    expect((await a.request(`/api/rentals/${rental.id}`)).status).toBe(200);
  });
});
