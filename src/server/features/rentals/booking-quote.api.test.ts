import { beforeAll, describe, expect, it } from 'vitest';

import type { Calendar, Quote } from '../../../domain/rentals';
import type { TestApp } from '../../test/test-app';
import { book, bookingPaymentsTestApp, errorOf, json } from './booking-payments.test-helpers';

/*
 * Issue 15 on a real database (SQLite, and PostgreSQL in the api-postgres project): the quote for
 * the dates and the calendar of a size, before booking. The setup is in
 * booking-payments.test-helpers.ts.
 */

const app = bookingPaymentsTestApp();
const { item, renter, studioId, monthlyMember } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`the dates and the total before booking (${process.env.TEST_DIALECT})`, () => {
  it('quotes the total for the dates, "included in your plan" for a plan with a place left, and refuses past dates by name', async () => {
    const itemId = await item({ priceCents: 999, units: 1 });
    const visitor = await json<Quote>(
      t.request(`/api/rentals/quote?itemId=${itemId}&size=M&startDate=2026-11-24&endDate=2026-12-04`),
    );
    expect(visitor).toMatchObject({
      startDate: '2026-11-24',
      endDate: '2026-12-04',
      days: 10,
      weeks: 2,
      weeklyPriceCents: 999,
      priceCents: 1_998,
      chargeCents: 1_998,
      signedIn: false,
      available: true,
      refusal: { code: 'UNAUTHENTICATED' },
    });

    const weekly = await renter();
    expect(await json<Quote>(weekly.request(`/api/rentals/quote?itemId=${itemId}&size=M`))).toMatchObject({
      startDate: '2026-11-22',
      endDate: '2026-11-29',
      priceCents: 999,
      chargeCents: 999,
      includedInPlan: false,
      plan: null,
      card: { brand: 'visa', lastFour: '4242' },
      refusal: null,
    });
    const planned = await monthlyMember(4);
    expect(await json<Quote>(planned.request(`/api/rentals/quote?itemId=${itemId}&size=M`))).toMatchObject({
      priceCents: 999,
      chargeCents: 0,
      includedInPlan: true,
      plan: { id: 'monthly', title: 'Monthly', allowance: 4, used: 0, remaining: 4, periodEnd: '2026-12-22' },
      refusal: null,
    });

    // Booked: sold out for those dates, with the next free start.
    await json(book(weekly, { itemId, size: 'M' }), 201);
    // Held to 12-01 (the cleaning window); a delivery ships the day before: 12-02. A pickup: 12-01.
    expect(await json<Quote>(planned.request(`/api/rentals/quote?itemId=${itemId}&size=M`))).toMatchObject({
      handoff: 'delivery',
      available: false,
      nextFreeDate: '2026-12-02',
      refusal: { code: 'SOLD_OUT' },
    });
    expect(
      await json<Quote>(planned.request(`/api/rentals/quote?itemId=${itemId}&size=M&delivery=in-store`)),
    ).toMatchObject({ handoff: 'pickup', available: false, nextFreeDate: '2026-12-01' });
    expect((await json<Quote>(weekly.request(`/api/rentals/quote?itemId=${itemId}&size=M`))).refusal).toMatchObject({
      code: 'ALREADY_RENTED',
    });

    const past = await t.request(`/api/rentals/quote?itemId=${itemId}&size=M&startDate=2026-11-20&endDate=2026-11-27`);
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'startDate', message: 'must be today or later' }],
    });
    const far = await errorOf(
      await t.request(`/api/rentals/quote?itemId=${itemId}&size=M&startDate=2027-03-01&endDate=2027-03-08`),
    );
    expect(far.issues).toEqual([{ path: 'startDate', message: 'must be at most 90 days from today (2027-02-20)' }]);
    expect((await t.request(`/api/rentals/quote?itemId=${itemId}&size=XL`)).status).toBe(400);
    expect((await t.request(`/api/rentals/quote?itemId=999999&size=M`)).status).toBe(404);
  });

  it('shows which days a size is free and which can start a rental, by the rule bookings use', async () => {
    const itemId = await item({ units: 1, sizes: ['S', 'M'] });
    const m = await renter();
    // Delivered 11-25 to 12-02: the unit is held from the shipping day (11-24) to the end of the cleaning window (12-04).
    await json(book(m, { itemId, size: 'M', startDate: '2026-11-25', endDate: '2026-12-02' }), 201);
    const cal = await json<Calendar>(t.request(`/api/items/${itemId}/calendar?size=M&from=2026-11-20&to=2026-12-10`));
    expect(cal).toMatchObject({
      itemId,
      size: 'M',
      handoff: 'delivery',
      days: 7,
      today: '2026-11-22',
      latestStartDate: '2027-02-20',
      firstFreeStart: '2026-12-05',
    });
    const byDay = Object.fromEntries(cal.dates.map((d) => [d.date, [d.free, d.canStart]]));
    expect(byDay['2026-11-21']).toEqual([true, false]); // free, but in the past
    expect(byDay['2026-11-22']).toEqual([true, false]); // free today, but a week from today runs into the hold
    expect(byDay['2026-11-24']).toEqual([false, false]); // the shipping day
    expect(byDay['2026-12-03']).toEqual([false, false]); // the cleaning window
    expect(byDay['2026-12-04']).toEqual([true, false]); // free, but a delivery would ship on 12-03
    expect(byDay['2026-12-05']).toEqual([true, true]);
    // Picked up at the studio, no shipping day: the first start is a day earlier.
    const pickup = await json<Calendar>(
      t.request(`/api/items/${itemId}/calendar?size=M&from=2026-12-01&to=2026-12-08&delivery=in-store`),
    );
    expect(pickup).toMatchObject({ handoff: 'pickup', firstFreeStart: '2026-12-04' });
    // The booking agrees with the calendar: not from 12-04 delivered, yes picked up.
    const other = await renter();
    expect(
      (await errorOf(await book(other, { itemId, size: 'M', startDate: '2026-12-04', endDate: '2026-12-11' }))).code,
    ).toBe('SOLD_OUT');
    // The other size is untouched; bad windows and sizes are named.
    expect(
      (
        await json<Calendar>(t.request(`/api/items/${itemId}/calendar?size=S&from=2026-11-22&to=2026-11-29`))
      ).dates.every((d) => d.free && d.canStart),
    ).toBe(true);
    expect(
      (await errorOf(await t.request(`/api/items/${itemId}/calendar?size=M&from=2026-11-22&to=2027-02-22`))).issues?.[0]
        ?.path,
    ).toBe('to');
    expect((await errorOf(await t.request(`/api/items/${itemId}/calendar?size=XL`))).issues?.[0]?.path).toBe('size');
    const whole = await json<Calendar>(t.request(`/api/items/${itemId}/calendar?size=M`));
    expect(whole).toMatchObject({ from: '2026-11-22', to: '2027-01-23' });
    expect(whole.dates).toHaveLength(62);
    expect(
      (
        await book(other, {
          itemId,
          size: 'M',
          startDate: '2026-12-04',
          endDate: '2026-12-11',
          delivery: 'in-store',
          studioId: await studioId(),
        })
      ).status,
    ).toBe(201);
  });
});
