import { beforeAll, describe, expect, it } from 'vitest';

import type { Rental } from '../../../domain/rentals';
import { TEST_CARD, makeTestItem, readyToRent } from '../../test/renter';
import type { WaitlistEntry } from '../../../domain/waitlist';
import type { TestApp, TestMember } from '../../test/test-app';
import { entriesOf, errorOf, join, waitlistTestApp } from './waitlist.test-helpers';

/**
 * The waitlist (issue 17, decision 0034): confirming a hold books it with payment (the choices
 * she makes then, a declined card), leaving passes the hold on, and the database keeps a unit from
 * being held for two members or booked twice. The holds themselves are in waitlist.api.test.ts.
 */
const app = waitlistTestApp();
const { setNow, renter, runSweeps, heldForFirst } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`waitlist (${process.env.TEST_DIALECT})`, () => {
  it('a member who never chose delivery or pickup confirms her hold with the choice she makes then: each missing piece is named in a sentence, and only her own hold', async () => {
    setNow(new Date('2026-11-22T10:00:00Z'));
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
    expect((await waiting.request('/api/plans/payment-method', { method: 'PUT', json: TEST_CARD })).status).toBe(200);
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

    const studios = ((await (await t.request('/api/orders/studios')).json()) as { studios: { id: number }[] }).studios;
    const res = await confirm(waiting, { delivery: 'in-store', studioId: studios[0]!.id });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()) as Rental).toMatchObject({ itemId, startDate: '2026-11-27', pickupOption: 'in-store' });
    expect((await entriesOf(waiting)).map((e) => e.id)).not.toContain(held.id);
    // Her account still has no choice saved: the hold's choice was for this booking.
    expect(await (await waiting.request('/api/plans/pickup')).json()).toMatchObject({ option: null });
  });

  it('a declined card on Confirm keeps her hold until it expires (five clicks at once included): she changes her card and books it, and the next member is not offered it meanwhile', async () => {
    setNow(new Date('2026-11-22T10:00:00Z'));
    // Her card is accepted on file and declined at the charge.
    const first = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    const second = await renter();
    const { itemId, held } = await heldForFirst(first, second, { priceCents: 2_000 });

    setNow(new Date('2026-11-22T12:00:00Z'));
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
    expect((await first.request('/api/plans/payment-method', { method: 'PUT', json: TEST_CARD })).status).toBe(200);
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
    setNow(new Date('2026-11-22T10:00:00Z'));
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
    setNow(new Date('2026-11-22T10:00:00Z'));
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
