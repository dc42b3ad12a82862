import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/calendar';
import type { ListingList } from '../../../domain/listings';
import type { OrderList, OrderReceipt } from '../../../domain/orders';
import type { Calendar, Cancellation, Quote, Rental, RentalList } from '../../../domain/rentals';
import { compose } from '../../compose';
import { createLogger } from '../../logger';
import { readyToRent, makeTestItem, requestAndAccept, TEST_CARD } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestMember } from '../../test/test-app';
import { createSimulatedPaymentProvider, type PaymentProvider } from '../payments';

/*
 * Issue 15 on a real database (SQLite, and PostgreSQL in the api-postgres project): renting takes
 * payment. No card: 402 and nothing booked; a declined card: no rental, no charge; cancel before the
 * start: a full refund, the unit free, the plan's place back; Return only after the start; an
 * extension is charged; the lender earns on money collected; a lost provider answer is recovered
 * with one charge; the charges a member sends are limited; the quote and the calendar.
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
const item = (opts: Parameters<typeof makeTestItem>[1] = {}) => makeTestItem(db(), opts);
const book = (m: TestMember, json: unknown) => m.request('/api/rentals', { method: 'POST', json });
const post = (m: TestMember, path: string) => m.request(path, { method: 'POST' });
const errorOf = async (res: Response) =>
  (
    (await res.json()) as {
      error: {
        code: string;
        message: string;
        issues?: { path: string; message: string }[];
        details?: Record<string, unknown>;
      };
    }
  ).error;
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
const rentalsOf = async (m: TestMember) => (await json<RentalList>(m.request('/api/rentals?status=all'))).rentals;
const ledgerOf = (userId: string) =>
  db().selectFrom('payment_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const renter = async () => readyToRent(await t.signUp());
const studioId = async () =>
  (await db().selectFrom('studios').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
async function monthlyMember(itemCount = 3): Promise<TestMember> {
  const m = await t.signUp();
  await json(m.request('/api/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount } }));
  return readyToRent(m);
}
const at = async <T>(iso: string, fn: () => Promise<T>): Promise<T> => {
  now = new Date(iso);
  try {
    return await fn();
  } finally {
    now = new Date(START);
  }
};

describe(`booking takes payment (${process.env.TEST_DIALECT})`, () => {
  it('a Weekly member with no card on file: 402 CARD_REQUIRED saying where to add one, and nothing is booked or charged', async () => {
    const itemId = await item();
    const m = await t.signUp();
    await json(
      m.request('/api/delivery-address', {
        method: 'PUT',
        json: { recipientName: 'Nora Card', line1: '1 Main St', city: 'Brooklyn', state: 'ny', zipCode: '11201' },
      }),
    );
    await json(m.request('/api/pickup', { method: 'PUT', json: { option: 'online' } }));

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
    await json(m.request('/api/payment-method', { method: 'PUT', json: TEST_CARD }));
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

  it("offers 'Cancel' until the piece is sent, its start day included, with the refund stated; 'Return' only once sent and started", async () => {
    const staff = await makeStaff(t);
    const m = await renter();
    const rental = await json<Rental>(
      book(m, { itemId: await item(), size: 'M', startDate: '2026-11-25', endDate: '2026-12-02' }),
      201,
    );
    expect(rental.actions).toEqual(['cancel', 'extend']);
    const early = await post(m, `/api/rentals/${rental.id}/return`);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatchObject({
      message: 'This piece has not been sent to you yet: cancel the booking instead (you get a full refund).',
      details: { action: 'cancel' },
    });
    await at('2026-11-25T16:00:00.000Z', async () => {
      // Its start day, not sent: still Cancel (never Return for a piece she never received).
      expect(await json<Rental>(m.request(`/api/rentals/${rental.id}`))).toMatchObject({
        status: 'reserved',
        actions: ['cancel', 'extend'],
        lateToDispatch: null,
      });
      expect((await post(m, `/api/rentals/${rental.id}/return`)).status).toBe(409);
      expect(await json<Cancellation>(post(m, `/api/rentals/${rental.id}/cancel`))).toMatchObject({
        refundCents: 799,
        allowanceReturned: false,
        rental: { status: 'cancelled', actions: [] },
      });
    });
    expect(
      (await ledgerOf(m.id)).filter((e) => e.kind === 'refund').map((e) => [e.rental_id, e.amount_cents, e.status]),
    ).toEqual([[rental.id, 799, 'succeeded']]);

    // Sent (the day before a delivery starts): no longer cancellable; returned from its start, without a refund.
    const sent = await json<Rental>(
      book(m, { itemId: await item(), size: 'M', startDate: '2026-11-25', endDate: '2026-12-02' }),
      201,
    );
    await at('2026-11-24T09:00:00.000Z', () => dispatchRental(staff, sent.id));
    const refused = await post(m, `/api/rentals/${sent.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      message: 'This piece is already on its way to you: return it once it arrives.',
      details: { action: 'return' },
    });
    await at('2026-11-25T08:00:00.000Z', async () => {
      expect((await json<Rental>(m.request(`/api/rentals/${sent.id}`))).actions).toEqual([
        'extend',
        'return',
        'received',
      ]);
      expect(await json<Rental>(post(m, `/api/rentals/${sent.id}/return`))).toMatchObject({
        status: 'returning',
        actions: [],
      });
    });
    expect((await ledgerOf(m.id)).filter((e) => e.kind === 'refund' && e.rental_id === sent.id)).toEqual([]);
  });

  it('charges every week an extension adds, also when extensions without a date race each other', async () => {
    const m = await renter();
    const rental = await json<Rental>(
      book(m, { itemId: await item(), size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
      201,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(m, `/api/rentals/${rental.id}/extend`)));
    const won = answers.filter((r) => r.status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const after = await json<Rental>(m.request(`/api/rentals/${rental.id}`));
    expect(after).toMatchObject({ extensions: won, chargeCents: 799 * (won + 1), priceCents: 799 * (won + 1) });
    const charged = (await ledgerOf(m.id)).filter((e) => e.purpose === 'extension' && e.status === 'succeeded');
    expect(charged).toHaveLength(won);
    // The unit is held to the cleaning window after the new return date (decision 0031).
    const booking = await db()
      .selectFrom('bookings')
      .select('end_date')
      .where(
        'id',
        '=',
        (await db().selectFrom('rentals').select('booking_id').where('id', '=', rental.id).executeTakeFirstOrThrow())
          .booking_id,
      )
      .executeTakeFirst();
    expect(booking).toEqual({ end_date: addDays(after.returnDate, t.ctx.env.cleaningDays) });
  });

  it('charges the extra week of a pay-per-item rental; a declined extension changes nothing', async () => {
    const itemId = await item({ units: 1 });
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId, size: 'M' }), 201);
    // She replaces her card with one whose payments are declined, then extends.
    await json(
      m.request('/api/payment-method', { method: 'PUT', json: { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' } }),
    );
    const res = await post(m, `/api/rentals/${rental.id}/extend`);
    expect(res.status).toBe(402);
    expect((await errorOf(res)).code).toBe('PAYMENT_DECLINED');
    expect(await json<Rental>(m.request(`/api/rentals/${rental.id}`))).toMatchObject({
      returnDate: '2026-11-29',
      extensions: 0,
      chargeCents: 799,
    });
    // The week was not kept for her: another member can book from the first day the unit is free
    // after her week (its cleaning window, then the shipping day), which the extension would have held.
    expect(
      (await book(await renter(), { itemId, size: 'M', startDate: '2026-12-02', endDate: '2026-12-09' })).status,
    ).toBe(201);
    expect((await ledgerOf(m.id)).map((e) => [e.purpose, e.status])).toEqual([
      ['booking', 'succeeded'],
      ['extension', 'declined'],
    ]);
  });

  it('a lender earns her share once a paid rental of her piece starts; a declined or cancelled booking earns nothing', async () => {
    const lender = await t.signUp({ fullName: 'Lou Lender' });
    const itemId = await item({ ownerId: lender.id, priceCents: 2_000, units: 1 });
    const earned = async () => (await json<ListingList>(lender.request('/api/listings'))).totalEarningsCents;

    const declined = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    expect(
      (
        await declined.request('/api/lending/requests', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' },
        })
      ).status,
    ).toBe(402);
    const paying = await renter();
    const cancelled = await json<Rental>(
      requestAndAccept(paying, lender, { itemId, size: 'M', startDate: '2026-11-23', endDate: '2026-11-30' }),
      201,
    );
    await json(post(paying, `/api/rentals/${cancelled.id}/cancel`));
    const kept = await json<Rental>(
      requestAndAccept(paying, lender, { itemId, size: 'M', startDate: '2026-12-01', endDate: '2026-12-08' }),
      201,
    );
    expect(kept.chargeCents).toBe(2_000);
    expect(await earned()).toBe(0);
    await at('2026-11-24T10:00:00.000Z', async () => expect(await earned()).toBe(0));
    await at('2026-12-01T12:00:00.000Z', async () => expect(await earned()).toBe(1_400));
  });

  it('one rental is one piece: a quantity other than 1 is refused, never ignored', async () => {
    const m = await renter();
    const res = await book(m, { itemId: await item(), size: 'M', quantity: 2 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).issues).toEqual([
      { path: 'quantity', message: 'One rental is one piece: book again for another piece or size.' },
    ]);
    expect((await book(m, { itemId: await item(), size: 'M', quantity: 1 })).status).toBe(201);
  });

  it('recovers a booking whose provider answer was lost: the unit stays held, then it is charged once and confirmed', async () => {
    const real = createSimulatedPaymentProvider({ db: db(), delayMs: 0, clock: () => now });
    let lose: 'before' | 'after' = 'before';
    const lossy: PaymentProvider = {
      ...real,
      async charge(req) {
        if (lose === 'before') throw new Error('connect ECONNRESET (the request never arrived)');
        await real.charge(req);
        throw new Error('socket hang up (the charge went through; its answer was lost)');
      },
    };
    const second = await compose({
      env: t.ctx.env,
      logger: createLogger('silent'),
      clock: () => now,
      seed: false,
      paymentProvider: lossy,
    });
    try {
      const via = (m: TestMember, json: unknown) =>
        second.app.request('/api/rentals', {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie: m.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
      for (const mode of ['before', 'after'] as const) {
        lose = mode;
        const itemId = await item({ units: 1 });
        const m = await renter();
        const res = await via(m, { itemId, size: 'M' });
        expect(res.status, mode).toBe(500);
        // Not booked yet, not released either: the unit is held while the payment is unsettled.
        expect((await json<RentalList>(m.request('/api/rentals'))).rentals, mode).toEqual([]);
        expect((await errorOf(await book(await renter(), { itemId, size: 'M' }))).code, mode).toBe('SOLD_OUT');
        const [pending] = await ledgerOf(m.id);
        // Nor can the desk send it out while its payment is unsettled.
        const held = await db()
          .selectFrom('rentals')
          .select('id')
          .where('user_id', '=', m.id)
          .executeTakeFirstOrThrow();
        expect((await desk.request(`/api/ops/rentals/${held.id}/dispatch`, { method: 'POST' })).status, mode).toBe(409);
        expect(pending, mode).toMatchObject({ status: 'pending', settled_at: null });

        // The periodic recovery: the same key again, so a charge that went through is not repeated.
        now = new Date(now.getTime() + 3 * 60_000);
        expect((await t.services.payments.recover()).settled, mode).toBeGreaterThanOrEqual(1);
        const [rental] = (await json<RentalList>(m.request('/api/rentals'))).rentals;
        expect(rental, mode).toMatchObject({ itemId, chargeCents: 799, orderNumber: expect.stringMatching(/^RT-/) });
        const [entry] = await ledgerOf(m.id);
        expect(entry, mode).toMatchObject({ status: 'succeeded', settled_at: expect.any(String) });
        const simCharges = await db()
          .selectFrom('payment_sim_requests')
          .select('response')
          .where('idempotency_key', '=', entry!.idempotency_key)
          .execute();
        expect(simCharges, mode).toHaveLength(1);
        expect(
          await db().selectFrom('payment_sim_objects').select('id').where('id', '=', entry!.provider_ref!).execute(),
          mode,
        ).toHaveLength(1);
        // Her confirmation goes out like any other.
        await t.ctx.jobs.runDue();
        expect(
          t.mails.filter((mail) => mail.to === m.email && mail.subject.includes(rental!.orderNumber!)),
          mode,
        ).toHaveLength(1);
        now = new Date(START);
      }
    } finally {
      now = new Date(START);
      await second.ctx.database.destroy();
    }
  });

  it('limits the charges a member sends to the provider (RENTAL_CHARGE_RATE_LIMIT), counted in the database', async () => {
    const limited = await compose({
      env: { ...t.ctx.env, rentalChargeRateLimit: 2 },
      logger: createLogger('silent'),
      clock: () => now,
      seed: false,
    });
    try {
      const m = await renter();
      const via = (json: unknown) =>
        limited.app.request('/api/rentals', {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie: m.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
      expect((await via({ itemId: await item(), size: 'M' })).status).toBe(201);
      expect((await via({ itemId: await item(), size: 'M' })).status).toBe(201);
      const third = await via({ itemId: await item(), size: 'M' });
      expect(third.status).toBe(429);
      expect(await errorOf(third)).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many payment attempts/),
        details: { limit: 2 },
      });
      expect((await ledgerOf(m.id)).filter((e) => e.purpose === 'booking')).toHaveLength(2);
    } finally {
      await limited.ctx.database.destroy();
    }
  });
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
