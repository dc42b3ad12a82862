import { beforeAll, describe, expect, it } from 'vitest';

import type { OrderList, OrderReceipt } from '../../../domain/orders';
import type { Cancellation, Quote, Rental } from '../../../domain/rentals';
import { readyToRent, TEST_CARD } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import type { TestApp } from '../../test/test-app';
import { book, bookingPaymentsTestApp, errorOf, json, post, rentalsOf, START } from './booking-payments.test-helpers';

/*
 * Issue 15 on a real database (SQLite, and PostgreSQL in the api-postgres project): renting takes
 * payment. No card: 402 and nothing booked; a declined card: no rental, no charge; cancel before the
 * start: a full refund, the unit free, the plan's place back, once under concurrent clicks. Cancel
 * and Return, extensions, the lender's share, a lost provider answer and the charge limit are in
 * booking-payments-extend.api.test.ts, the quote and the calendar in booking-quote.api.test.ts, the
 * setup in booking-payments.test-helpers.ts.
 */

const app = bookingPaymentsTestApp();
const { db, item, ledgerOf, renter, monthlyMember } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`booking takes payment (${process.env.TEST_DIALECT})`, () => {
  it('a Weekly member with no card on file: 402 CARD_REQUIRED saying where to add one, and nothing is booked or charged', async () => {
    const itemId = await item();
    const m = await t.signUp();
    await json(
      m.request('/api/orders/delivery-address', {
        method: 'PUT',
        json: { recipientName: 'Nora Card', line1: '1 Main St', city: 'Brooklyn', state: 'ny', zipCode: '11201' },
      }),
    );
    await json(m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } }));

    const quote = await json<Quote>(m.request(`/api/rentals/quote?itemId=${itemId}&size=M`));
    expect(quote).toMatchObject({
      chargeCents: 799,
      includedInPlan: false,
      card: null,
      refusal: { code: 'CARD_REQUIRED', message: 'Add a card to rent' },
    });

    const res = await book(m, { itemId, size: 'M' });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatchObject({
      code: 'CARD_REQUIRED',
      message: 'Add a card to rent: pay-per-item rentals are charged when you book.',
      details: { itemId },
    });
    expect(await rentalsOf(m)).toEqual([]);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
    expect(await ledgerOf(m.id)).toEqual([]);
    expect(await db().selectFrom('bookings').select('id').where('item_id', '=', itemId).execute()).toEqual([]);

    // She adds a card and comes back: the same booking goes through, charged.
    await json(m.request('/api/plans/payment-method', { method: 'PUT', json: TEST_CARD }));
    expect((await json<Quote>(m.request(`/api/rentals/quote?itemId=${itemId}&size=M`))).refusal).toBeNull();
    const rental = await json<Rental>(book(m, { itemId, size: 'M' }), 201);
    expect(rental).toMatchObject({
      chargeCents: 799,
      coveredByPlan: false,
      orderNumber: expect.stringMatching(/^RT-/),
    });
    expect((await ledgerOf(m.id)).map((e) => [e.purpose, e.kind, e.amount_cents, e.status, e.card_last_four])).toEqual([
      ['booking', 'charge', 799, 'succeeded', '4242'],
    ]);
  });

  it("a card on file whose charge is declined: 402 with the bank's reason, no rental, no charge, and the unit is free again", async () => {
    const itemId = await item({ units: 1 });
    const m = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    const res = await book(m, { itemId, size: 'M' });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined by your bank. Please use another card.',
      details: { declineCode: 'card_declined', itemId },
    });
    expect(await rentalsOf(m)).toEqual([]);
    expect((await json<OrderList>(m.request('/api/orders'))).orders).toEqual([]);
    expect(await db().selectFrom('rentals').select('id').where('item_id', '=', itemId).execute()).toEqual([]);
    expect(await db().selectFrom('bookings').select('id').where('item_id', '=', itemId).execute()).toEqual([]);
    const [entry] = await ledgerOf(m.id);
    expect(entry).toMatchObject({
      purpose: 'booking',
      kind: 'charge',
      status: 'declined',
      decline_code: 'card_declined',
      provider_ref: null,
      settled_at: expect.any(String),
    });
    expect(await db().selectFrom('orders').select('status').where('user_id', '=', m.id).execute()).toEqual([
      { status: 'payment_failed' },
    ]);
    const card = await db()
      .selectFrom('payment_methods')
      .select('provider_token')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(
      await db().selectFrom('payment_sim_objects').select('id').where('token', '=', card.provider_token).execute(),
    ).toEqual([]);

    // The unit was held only while the card was tried: another member gets it.
    expect((await book(await renter(), { itemId, size: 'M' })).status).toBe(201);

    const broke = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0358' });
    const poor = await book(broke, { itemId: await item(), size: 'M' });
    expect(await errorOf(poor)).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card has insufficient funds. Please use another card.',
    });
  });

  it('cancels before the start: a full refund of the booking and its extension through the provider, and the unit is free at once', async () => {
    const itemId = await item({ units: 1 });
    const m = await renter();
    const rental = await json<Rental>(
      book(m, { itemId, size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
      201,
    );
    expect(rental).toMatchObject({ status: 'reserved', actions: ['cancel', 'extend'], chargeCents: 799 });
    expect(await json<Rental>(post(m, `/api/rentals/${rental.id}/extend`))).toMatchObject({
      returnDate: '2026-12-15',
      chargeCents: 1_598,
    });

    const cancelled = await json<Cancellation>(post(m, `/api/rentals/${rental.id}/cancel`));
    expect(cancelled).toMatchObject({
      refundCents: 1_598,
      allowanceReturned: false,
      rental: { status: 'cancelled', actions: [], cancelledAt: START },
    });
    const refunds = (await ledgerOf(m.id)).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.purpose, e.amount_cents, e.status])).toEqual([
      ['cancellation', 799, 'succeeded'],
      ['cancellation', 799, 'succeeded'],
    ]);
    // At the provider, each charge is refunded in full.
    const charges = (await ledgerOf(m.id)).filter((e) => e.kind === 'charge');
    for (const c of charges) {
      expect(
        await db()
          .selectFrom('payment_sim_objects')
          .select(['amount_cents', 'refunded_cents'])
          .where('id', '=', c.provider_ref!)
          .executeTakeFirst(),
      ).toEqual({ amount_cents: 799, refunded_cents: 799 });
    }
    const receipt = await json<OrderReceipt>(m.request(`/api/orders/${rental.orderNumber}`));
    expect(receipt).toMatchObject({
      status: 'cancelled',
      chargedCents: 1_598,
      refundedCents: 1_598,
      refundPendingCents: 0,
    });

    // The unit is free for those dates; the cancelled rental cannot be cancelled, extended or returned again.
    expect(
      (await book(await renter(), { itemId, size: 'M', startDate: '2026-12-01', endDate: '2026-12-15' })).status,
    ).toBe(201);
    for (const action of ['cancel', 'extend', 'return'])
      expect((await post(m, `/api/rentals/${rental.id}/${action}`)).status, action).toBe(409);
    expect((await ledgerOf(m.id)).filter((e) => e.kind === 'refund')).toHaveLength(2);
  });

  it("gives a paid plan's place back on cancelling, not on returning, and charges nothing", async () => {
    const m = await monthlyMember(3);
    const items = await Promise.all([item(), item(), item(), item(), item()]);
    const ahead = await json<Rental>(
      book(m, { itemId: items[0], size: 'M', startDate: '2026-11-30', endDate: '2026-12-07' }),
      201,
    );
    const today = await json<Rental>(book(m, { itemId: items[1], size: 'M' }), 201);
    await json<Rental>(book(m, { itemId: items[2], size: 'M' }), 201);
    expect(ahead).toMatchObject({ coveredByPlan: true, chargeCents: 0, plan: 'monthly' });
    expect((await errorOf(await book(m, { itemId: items[3], size: 'M' }))).code).toBe('ALLOWANCE_EXCEEDED');

    // Sent, then returned after its start: the place stays used.
    await dispatchRental(await makeStaff(t), today.id);
    await json(post(m, `/api/rentals/${today.id}/return`));
    expect((await errorOf(await book(m, { itemId: items[3], size: 'M' }))).code).toBe('ALLOWANCE_EXCEEDED');
    // Cancelled before its start: the place comes back.
    expect(await json<Cancellation>(post(m, `/api/rentals/${ahead.id}/cancel`))).toMatchObject({
      refundCents: 0,
      allowanceReturned: true,
      rental: { status: 'cancelled' },
    });
    expect((await book(m, { itemId: items[3], size: 'M' })).status).toBe(201);
    expect((await errorOf(await book(m, { itemId: items[4], size: 'M' }))).code).toBe('ALLOWANCE_EXCEEDED');
    // The plan's own charge is the only money that moved.
    expect((await ledgerOf(m.id)).map((e) => [e.purpose, e.kind])).toEqual([['plan', 'charge']]);
  });

  it('refunds once and gives the place back once when a cancellation is sent ten times at once; extends once when Extend is sent five times for the same date', async () => {
    const m = await renter();
    const rental = await json<Rental>(
      book(m, { itemId: await item(), size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
      201,
    );
    // Five clicks of Extend on the date she saw: one week, one charge (four times over, on other rentals too).
    const extends_ = await Promise.all(
      Array.from({ length: 5 }, () =>
        m.request(`/api/rentals/${rental.id}/extend`, { method: 'POST', json: { returnDate: '2026-12-08' } }),
      ),
    );
    expect(extends_.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (let round = 0; round < 3; round += 1) {
      const other = await json<Rental>(
        book(m, { itemId: await item(), size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
        201,
      );
      const clicks = await Promise.all(
        Array.from({ length: 5 }, () =>
          m.request(`/api/rentals/${other.id}/extend`, { method: 'POST', json: { returnDate: '2026-12-08' } }),
        ),
      );
      expect(clicks.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409, 409, 409, 409]);
      expect(await json<Rental>(m.request(`/api/rentals/${other.id}`))).toMatchObject({
        extensions: 1,
        chargeCents: 1_598,
      });
    }
    expect(await json<Rental>(m.request(`/api/rentals/${rental.id}`))).toMatchObject({
      returnDate: '2026-12-15',
      extensions: 1,
      chargeCents: 1_598,
    });
    const cancels = await Promise.all(Array.from({ length: 10 }, () => post(m, `/api/rentals/${rental.id}/cancel`)));
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.status === 409)).toHaveLength(9);
    const entries = (await ledgerOf(m.id)).filter((e) => e.rental_id === rental.id);
    expect(entries.map((e) => [e.purpose, e.kind, e.amount_cents, e.status])).toEqual([
      ['booking', 'charge', 799, 'succeeded'],
      ['extension', 'charge', 799, 'succeeded'],
      ['cancellation', 'refund', 799, 'succeeded'],
      ['cancellation', 'refund', 799, 'succeeded'],
    ]);

    const planned = await monthlyMember(3);
    const ahead = await json<Rental>(
      book(planned, { itemId: await item(), size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
      201,
    );
    const planCancels = await Promise.all(
      Array.from({ length: 10 }, () => post(planned, `/api/rentals/${ahead.id}/cancel`)),
    );
    expect(planCancels.filter((r) => r.status === 200)).toHaveLength(1);
    const usage = await db()
      .selectFrom('rental_allowance_usage')
      .select('used')
      .where('user_id', '=', planned.id)
      .execute();
    expect(usage).toEqual([{ used: 0 }]);
  });
});
