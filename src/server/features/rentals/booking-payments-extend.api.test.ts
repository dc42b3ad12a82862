import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/calendar';
import type { ListingList } from '../../../domain/listings';
import type { Cancellation, Rental, RentalList } from '../../../domain/rentals';
import { compose } from '../../compose';
import { createLogger } from '../../logger';
import { readyToRent, requestAndAccept, TEST_CARD } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { TEST_ORIGIN, type TestApp, type TestMember } from '../../test/test-app';
import { createSimulatedPaymentProvider, type PaymentProvider } from '../payments';
import { book, bookingPaymentsTestApp, errorOf, json, post, START } from './booking-payments.test-helpers';

/*
 * Issue 15 on a real database (SQLite, and PostgreSQL in the api-postgres project): 'Cancel' until
 * the piece is sent and 'Return' after; an extension is charged; the lender earns on money
 * collected; a lost provider answer is recovered with one charge; the charges a member sends are
 * limited. The first booking and its cancellation are in booking-payments.api.test.ts.
 */

const app = bookingPaymentsTestApp();
const { setNow, db, item, ledgerOf, renter, at } = app;
let t: TestApp;
let desk: TestMember;
beforeAll(() => {
  ({ t, desk } = app);
});

describe(`booking takes payment (${process.env.TEST_DIALECT})`, () => {
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
      m.request('/api/plans/payment-method', {
        method: 'PUT',
        json: { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' },
      }),
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
    const real = createSimulatedPaymentProvider({ db: db(), delayMs: 0, clock: () => app.now });
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
      clock: () => app.now,
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
        setNow(new Date(app.now.getTime() + 3 * 60_000));
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
        setNow(new Date(START));
      }
    } finally {
      setNow(new Date(START));
      await second.ctx.database.destroy();
    }
  });

  it('limits the charges a member sends to the provider (RENTAL_CHARGE_RATE_LIMIT), counted in the database', async () => {
    const limited = await compose({
      env: { ...t.ctx.env, rentalChargeRateLimit: 2 },
      logger: createLogger('silent'),
      clock: () => app.now,
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
