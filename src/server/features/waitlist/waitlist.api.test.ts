import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskRental } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import type { WaitlistEntry, WaitlistList } from '../../../domain/waitlist';
import { QUEUES } from '../../jobs/queues';
import { TEST_CARD, makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/**
 * The waitlist (issue 17, decision 0034) with a clock the tests move: a unit freed by 'cleaning
 * done' or a cancellation is held for the first member waiting for 24 hours (the sweep job), an
 * unconfirmed hold passes to the next, confirming books it with payment, and the database keeps a
 * unit from being held for two members or booked twice.
 */
let now = new Date('2026-11-22T10:00:00Z');
let t: TestApp;
let staff: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  staff = await makeStaff(t);
});
afterAll(async () => {
  await t?.close();
});

const renter = async () => readyToRent(await t.signUp());
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
const join = (m: TestMember, json: unknown) => m.request('/api/waitlist', { method: 'POST', json });
async function entriesOf(m: TestMember): Promise<WaitlistEntry[]> {
  return ((await (await m.request('/api/waitlist')).json()) as WaitlistList).entries;
}
/** What the durable queue runs after a unit is freed (the sweep the freeing transaction sent). */
const runSweeps = () => t.ctx.jobs.runDue([QUEUES.waitlistSweep.name]);

async function notificationsOf(m: TestMember) {
  return t.ctx.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'link'])
    .where('user_id', '=', m.id)
    .where('kind', '=', 'waitlist_hold')
    .execute();
}

/**
 * A piece of one unit, rented and then cancelled while `first` and then `second` wait for the next
 * week: the sweep holds the unit for `first`. Returns her held entry.
 */
async function heldForFirst(first: TestMember, second: TestMember, itemOpts: { priceCents?: number } = {}) {
  const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'], ...itemOpts });
  const holder = await renter();
  const rental = (await (
    await holder.request('/api/rentals', {
      method: 'POST',
      json: { itemId, size: 'M', startDate: '2026-11-26', endDate: '2026-12-03' },
    })
  ).json()) as Rental;
  const dates = { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' };
  expect((await join(first, dates)).status).toBe(201);
  expect((await join(second, dates)).status).toBe(201);
  expect((await holder.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
  await runSweeps();
  const held = (await entriesOf(first))[0]!;
  expect(held.status).toBe('held');
  return { itemId, held };
}

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
    now = new Date('2026-11-22T10:00:00Z');
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
    now = new Date('2026-11-23T11:00:00Z');
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
    now = new Date('2026-11-22T10:00:00Z');
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

  it('a member who never chose delivery or pickup confirms her hold with the choice she makes then: each missing piece is named in a sentence, and only her own hold', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'] });
    const holder = await renter();
    const rental = (await (
      await holder.request('/api/rentals', {
        method: 'POST',
        json: { itemId, size: 'M', startDate: '2026-11-26', endDate: '2026-12-03' },
      })
    ).json()) as Rental;
    // A card, and nothing else: no address, no delivery or pickup chosen.
    const waiting = await t.signUp();
    expect((await waiting.request('/api/payment-method', { method: 'PUT', json: TEST_CARD })).status).toBe(200);
    expect((await join(waiting, { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' })).status).toBe(
      201,
    );
    expect((await holder.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
    await runSweeps();
    const held = (await entriesOf(waiting))[0]!;
    expect(held.status).toBe('held');
    const confirm = (m: TestMember, json: unknown) =>
      m.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json });

    const refusals: [unknown, number, string, unknown][] = [
      [
        {},
        400,
        'VALIDATION_FAILED',
        [{ path: 'delivery', message: 'Choose either online delivery or in-store pickup' }],
      ],
      [
        { delivery: 'by-pigeon' },
        400,
        'VALIDATION_FAILED',
        [{ path: 'delivery', message: 'Choose either online delivery or in-store pickup' }],
      ],
      [
        { delivery: 'in-store' },
        400,
        'VALIDATION_FAILED',
        [{ path: 'studioId', message: 'Choose the studio to pick up from' }],
      ],
      [
        { delivery: 'in-store', studioId: 999_999 },
        400,
        'VALIDATION_FAILED',
        [{ path: 'studioId', message: 'There is no such studio' }],
      ],
      [
        { delivery: 'in-store', studioId: 'one' },
        400,
        'VALIDATION_FAILED',
        [{ path: 'studioId', message: 'studioId must be a number' }],
      ],
    ];
    for (const [body, status, code, issues] of refusals) {
      const res = await confirm(waiting, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(res), JSON.stringify(body)).toMatchObject({ code, issues });
    }
    const noAddress = await confirm(waiting, { delivery: 'online' });
    expect(noAddress.status).toBe(409);
    expect(await errorOf(noAddress)).toMatchObject({
      code: 'ADDRESS_REQUIRED',
      message: 'Add a delivery address to have pieces delivered.',
    });
    // Nothing was booked, the hold is still hers, and another member cannot confirm it.
    expect((await entriesOf(waiting))[0]).toMatchObject({ id: held.id, status: 'held', rentalId: null });
    const other = await renter();
    expect((await confirm(other, { delivery: 'online' })).status).toBe(404);

    const studios = ((await (await t.request('/api/studios')).json()) as { studios: { id: number }[] }).studios;
    const res = await confirm(waiting, { delivery: 'in-store', studioId: studios[0]!.id });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()) as Rental).toMatchObject({ itemId, startDate: '2026-11-27', pickupOption: 'in-store' });
    expect((await entriesOf(waiting)).map((e) => e.id)).not.toContain(held.id);
    // Her account still has no choice saved: the hold's choice was for this booking.
    expect(await (await waiting.request('/api/pickup')).json()).toMatchObject({ option: null });
  });

  it('a declined card on Confirm keeps her hold until it expires (five clicks at once included): she changes her card and books it, and the next member is not offered it meanwhile', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    // Her card is accepted on file and declined at the charge.
    const first = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    const second = await renter();
    const { itemId, held } = await heldForFirst(first, second, { priceCents: 2_000 });

    now = new Date('2026-11-22T12:00:00Z');
    const res = await first.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json: {} });
    expect(res.status).toBe(402);
    const error = await errorOf(res);
    expect(error.code).toBe('PAYMENT_DECLINED');
    expect(error.message).toContain('We keep it held for you until 2026-11-23 10:00 UTC');
    expect(error.details).toMatchObject({
      holdExpiresAt: held.holdExpiresAt,
    });
    expect((await entriesOf(first))[0]).toMatchObject({
      id: held.id,
      status: 'held',
      holdExpiresAt: held.holdExpiresAt,
      rentalId: null,
    });

    // Five clicks at once with the same card: each is declined or told it is not held (while another's charge runs); the hold stays hers.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => first.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json: {} })),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 402 || s === 409),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(402);
    expect((await entriesOf(first))[0]).toMatchObject({ status: 'held', holdExpiresAt: held.holdExpiresAt });
    const { db } = t.ctx.database;
    const live = () =>
      db
        .selectFrom('bookings')
        .select('id')
        .where('item_id', '=', itemId)
        .where('released_at', 'is', null)
        .where('end_date', '>', '2026-11-23')
        .execute();
    expect(await live()).toHaveLength(1); // the hold's booking, and nothing else
    expect(await db.selectFrom('rentals').select('id').where('user_id', '=', first.id).execute()).toEqual([]);

    // The next member is not offered the unit while it is held for her.
    await runSweeps();
    await t.services.waitlist.sweep();
    expect((await entriesOf(second))[0]).toMatchObject({ status: 'waiting', position: 1 });
    const outsider = await renter();
    expect(
      (
        await errorOf(
          await outsider.request('/api/rentals', {
            method: 'POST',
            json: { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' },
          }),
        )
      ).code,
    ).toBe('SOLD_OUT');

    // Another card, and Confirm books it.
    expect((await first.request('/api/payment-method', { method: 'PUT', json: TEST_CARD })).status).toBe(200);
    const ok = await first.request(`/api/waitlist/${held.id}/confirm`, { method: 'POST', json: {} });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect((await ok.json()) as Rental).toMatchObject({
      itemId,
      size: 'M',
      startDate: '2026-11-27',
      chargeCents: 2_000,
    });
    expect(await live()).toHaveLength(1);
    expect(await entriesOf(first)).toEqual([]);
    expect((await entriesOf(second))[0]!.status).toBe('waiting');
  }, 120_000);

  it('leaving while a unit is held for her passes it to the next member waiting', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const first = await renter();
    const second = await renter();
    const { held } = await heldForFirst(first, second);
    const res = await first.request(`/api/waitlist/${held.id}`, { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as WaitlistEntry).status).toBe('left');
    await runSweeps();
    expect((await entriesOf(second))[0]!.status).toBe('held');
  });

  it('sweeps running at the same moment hold the one free unit for one member only', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['M'] });
    const holder = await renter();
    const rental = (await (
      await holder.request('/api/rentals', {
        method: 'POST',
        json: { itemId, size: 'M', startDate: '2026-11-26', endDate: '2026-12-03' },
      })
    ).json()) as Rental;
    const members = await Promise.all(Array.from({ length: 5 }, () => renter()));
    for (const m of members)
      expect((await join(m, { itemId, size: 'M', startDate: '2026-11-27', endDate: '2026-12-04' })).status).toBe(201);
    expect((await holder.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
    await Promise.all(Array.from({ length: 6 }, () => t.services.waitlist.sweep()));
    const statuses = (await Promise.all(members.map((m) => entriesOf(m)))).map((e) => e[0]!.status);
    expect(statuses).toEqual(['held', 'waiting', 'waiting', 'waiting', 'waiting']);
    const live = await t.ctx.database.db
      .selectFrom('bookings')
      .select('id')
      .where('item_id', '=', itemId)
      .where('released_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });
});
