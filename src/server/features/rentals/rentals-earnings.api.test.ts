import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingList } from '../../../domain/listings';
import { type Rental } from '../../../domain/rentals';
import { makeRental } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { readyToRent, requestAndAccept } from '../../test/renter';
import { approveListing, makeStaff } from '../../test/staff';
import { listingForm, makeJpeg, sampleListing } from '../listings/listings.test-helpers';
import { book, errorOf, rentalsOf, rentalsTestApp } from './rentals.test-helpers';
import { verified } from '../../test/verified';

/*
 * Rentals that pay: a Monthly plan's allowance, what a lender earns, and the races for the last
 * unit and a listing being removed (the booking itself: rentals.api.test.ts).
 */

const r = rentalsTestApp();
const { setNow, makeItem, makeListing, renter } = r;
let t: TestApp;
beforeAll(() => {
  t = r.t;
});

describe(`rentals (${process.env.TEST_DIALECT})`, () => {
  it('holds a Monthly plan to its allowance per billing month, even under concurrent bookings', async () => {
    const m = await t.signUp();
    expect(
      (await m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 3 } })).status,
    ).toBe(200);
    await readyToRent(m); // the card activates the plan
    expect((await (await m.request('/api/plans/subscription')).json()) as { status: string }).toMatchObject({
      status: 'active',
    });

    const items = await Promise.all(Array.from({ length: 6 }, () => makeItem({ units: 2 })));
    const statuses = await Promise.all(items.map((itemId) => book(m, { itemId, size: 'M' }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const open = await rentalsOf(m);
    expect(open.every((r) => r.plan === 'monthly' && r.chargeCents === 0 && r.coveredByPlan)).toBe(true);

    const over = await book(m, { itemId: await makeItem(), size: 'M' });
    expect(over.status).toBe(409);
    const err = await errorOf(over);
    expect(err.code).toBe('ALLOWANCE_EXCEEDED');
    expect(err.message).toMatch(/Change your plan/);
    expect(err.details).toMatchObject({
      allowance: expect.any(Number),
      periodEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // Returning does not give the allowance back; the next billing month does, once renewed (decision 0058).
    await m.request(`/api/rentals/${open[0]!.id}/return`, { method: 'POST' });
    expect((await book(m, { itemId: await makeItem(), size: 'M' })).status).toBe(409);
    setNow(new Date('2026-12-23T10:00:00Z'));
    try {
      await t.services.planBilling.renewDue();
      expect((await book(m, { itemId: await makeItem(), size: 'M' })).status).toBe(201);
    } finally {
      setNow(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('a lender earns only on paid rentals that started: ten book-and-cancel cycles before the start credit nothing', async () => {
    const lender = await t.signUp({ fullName: 'Elle Earner' });
    const itemId = await makeListing(lender.id, 2_000);
    const renter = await readyToRent(await t.signUp());
    const earnings = async () => {
      const list = (await (await lender.request('/api/listings')).json()) as ListingList;
      const dashboard = (await (await lender.request('/api/dashboard')).json()) as { totalEarningsCents: number };
      expect(dashboard.totalEarningsCents).toBe(list.totalEarningsCents);
      const listing = list.listings.find((l) => l.id === itemId)!;
      return { total: list.totalEarningsCents, item: listing.earningsCents, times: listing.timesRented };
    };

    // The exploit: book ahead (a Weekly rental is charged), then end it at once, ten times: before
    // its start only a cancellation ends it (a full refund), and it earns nothing.
    for (let i = 0; i < 10; i += 1) {
      const res = await requestAndAccept(renter, lender, {
        itemId,
        size: 'M',
        startDate: '2026-12-01',
        endDate: '2026-12-08',
      });
      expect(res.status).toBe(201);
      const rental = (await res.json()) as Rental;
      expect(rental.chargeCents).toBe(2_000);
      expect((await renter.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(409);
      expect((await renter.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
    }
    expect(await earnings()).toEqual({ total: 0, item: 0, times: 0 });
    // Not even once their start date has come: they ended before it.
    setNow(new Date('2026-12-02T10:00:00Z'));
    try {
      expect(await earnings()).toEqual({ total: 0, item: 0, times: 0 });
    } finally {
      setNow(new Date('2026-11-22T10:00:00Z'));
    }

    // A paid rental that starts later earns nothing until it starts, then the lender's 70%.
    const ahead = (await (
      await requestAndAccept(renter, lender, { itemId, size: 'M', startDate: '2026-11-25', endDate: '2026-12-02' })
    ).json()) as Rental;
    expect(await earnings()).toEqual({ total: 0, item: 0, times: 0 });
    setNow(new Date('2026-11-25T12:00:00Z'));
    try {
      expect(await earnings()).toEqual({ total: 1_400, item: 1_400, times: 1 });
      // Sent by the lender, returned after it started: the share stays.
      const request = await t.ctx.database.db
        .selectFrom('booking_requests')
        .select('id')
        .where('rental_id', '=', ahead.id)
        .executeTakeFirstOrThrow();
      expect((await lender.request(`/api/lending/requests/${request.id}/send`, { method: 'POST' })).status).toBe(200);
      expect((await renter.request(`/api/rentals/${ahead.id}/return`, { method: 'POST' })).status).toBe(200);
      expect(await earnings()).toEqual({ total: 1_400, item: 1_400, times: 1 });
      // Back with the lender and cleaned: bookable again at once.
      expect(
        (
          await lender.request(`/api/lending/requests/${request.id}/back`, {
            method: 'POST',
            json: { condition: 'good' },
          })
        ).status,
      ).toBe(200);
      expect((await lender.request(`/api/lending/requests/${request.id}/clean`, { method: 'POST' })).status).toBe(200);

      // A member of a paid plan pays a member's piece per piece (decision 0035); it earns once started (today).
      const member = await t.signUp();
      expect(
        (await member.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 3 } }))
          .status,
      ).toBe(200);
      await readyToRent(member);
      const covered = (await (await requestAndAccept(member, lender, { itemId, size: 'M' })).json()) as Rental;
      expect(covered).toMatchObject({ chargeCents: 2_000, startDate: '2026-11-25' });
      expect(await earnings()).toEqual({ total: 2_800, item: 2_800, times: 2 });

      // A rental that started but was neither charged nor counted against a paid plan earns nothing.
      const unpaid = await t.signUp();
      const { db } = t.ctx.database;
      const held = await db
        .selectFrom('rentals')
        .select(['unit_id'])
        .where('id', '=', covered.id)
        .executeTakeFirstOrThrow();
      await makeRental(t, {
        userId: unpaid.id,
        itemId,
        unitId: held.unit_id,
        start: '2026-11-20',
        end: '2026-11-21',
        plan: 'monthly',
        priceCents: 2_000,
        chargeCents: 0,
        lenderId: lender.id,
        lenderEarningsCents: 1_400,
        returnedAt: '2026-11-21T10:00:00.000Z',
        createdAt: '2026-11-20T10:00:00.000Z',
      });
      expect(await earnings()).toEqual({ total: 2_800, item: 2_800, times: 2 });
    } finally {
      setNow(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('removing a listing while it is being booked: never a removed item with an open rental (20 races)', async () => {
    const lender = await t.signUp({ fullName: 'Rae Remover' });
    const renters = await Promise.all([renter(), renter(), renter()]);
    const { db } = t.ctx.database;
    let removed = 0;
    let booked = 0;
    for (let trial = 0; trial < 20; trial += 1) {
      const itemId = await makeListing(lender.id);
      // Every other trial the bookings are sent first, so both orders are raced.
      const remove = () => lender.request(`/api/listings/${itemId}`, { method: 'DELETE' });
      const books = () =>
        renters.map((r) => r.request('/api/lending/requests', { method: 'POST', json: { itemId, size: 'M' } }));
      const sent = trial % 2 === 0 ? [remove(), ...books()] : [...books(), remove()];
      const answers = await Promise.all(sent);
      const del = trial % 2 === 0 ? answers[0] : answers[answers.length - 1];
      const bookings = trial % 2 === 0 ? answers.slice(1) : answers.slice(0, -1);
      const statuses = bookings.map((r) => r.status);
      const item = await db.selectFrom('items').select('status').where('id', '=', itemId).executeTakeFirstOrThrow();
      const open = await db
        .selectFrom('rentals')
        .select('id')
        .where('item_id', '=', itemId)
        .where('returned_at', 'is', null)
        .execute();
      const won = statuses.filter((s) => s === 201).length;
      if (del!.status === 204) {
        removed += 1;
        expect(item.status, `trial ${trial}`).toBe('removed');
        expect(open, `trial ${trial}: removed, yet rented (bookings ${statuses.join(',')})`).toHaveLength(0);
        expect(won, `trial ${trial}`).toBe(0);
        for (const r of bookings) expect(r.status).toBe(404);
      } else {
        booked += 1;
        expect(del!.status, `trial ${trial}`).toBe(409);
        expect(item.status).toBe('active');
        expect(won).toBe(1);
        expect(open).toHaveLength(1);
      }
    }
    console.log(`remove vs book (${t.dialect}): removed first ${removed} times, booked first ${booked} times`);
    expect(removed + booked).toBe(20);
  }, 120_000);

  it('no double booking and one charge: 20 members with cards book the last unit at once, exactly one rental and one charge', async () => {
    const itemId = await makeItem({ units: 1, sizes: ['M'] });
    const members = await Promise.all(Array.from({ length: 20 }, () => renter()));
    const started = performance.now();
    const answers = await Promise.all(members.map((m) => book(m, { itemId, size: 'M' })));
    console.warn(`20 concurrent paid bookings (${t.dialect}): ${Math.round(performance.now() - started)} ms`);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe('SOLD_OUT');
    const { db } = t.ctx.database;
    expect(
      await db
        .selectFrom('bookings')
        .select('id')
        .where('item_id', '=', itemId)
        .where('released_at', 'is', null)
        .execute(),
    ).toHaveLength(1);
    expect(await db.selectFrom('rentals').select('id').where('item_id', '=', itemId).execute()).toHaveLength(1);
    // One charge in the ledger, one at the provider: the others never reached it.
    const charges = await db
      .selectFrom('payment_ledger')
      .innerJoin('rentals', 'rentals.id', 'payment_ledger.rental_id')
      .select(['payment_ledger.status', 'payment_ledger.provider_ref'])
      .where('rentals.item_id', '=', itemId)
      .execute();
    expect(charges).toEqual([{ status: 'succeeded', provider_ref: expect.stringMatching(/^sim_ch_/) }]);
    expect(
      await db.selectFrom('payment_sim_objects').select('id').where('id', '=', charges[0]!.provider_ref!).execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom('orders')
        .select('id')
        .where(
          'user_id',
          'in',
          members.map((m) => m.id),
        )
        .execute(),
    ).toHaveLength(1);
  }, 60_000);

  it("rents a member's listing: the lender earns 70% and sees the renter; she cannot rent her own piece; it cannot be removed while rented", async () => {
    const lender = await verified(await renter({ fullName: 'Lena Lender' }));
    const res = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ rentalPriceCents: 2_000 }), [
        { data: await makeJpeg(600, 800), name: 'dress.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(res.status).toBe(201);
    const listing = (await res.json()) as Listing;
    // Not rentable before staff approve it.
    const early = await renter();
    expect((await book(early, { itemId: listing.id, size: 'M' })).status).toBe(404);
    await approveListing(await makeStaff(t), listing.id);

    const own = await book(lender, { itemId: listing.id, size: 'M' });
    expect(own.status).toBe(403);
    expect((await errorOf(own)).message).toBe('You cannot rent your own listing');

    const rita = await renter({ fullName: 'Rita Renter' });
    const rental = (await (await requestAndAccept(rita, lender, { itemId: listing.id, size: 'M' })).json()) as Rental;
    expect(rental.imageUrl).toBe(listing.imageUrl);
    expect(rental.imageUrl).toMatch(new RegExp(`^/api/listings/${listing.id}/photos/0\\?v=`));
    let mine = (await (await lender.request('/api/listings')).json()) as ListingList;
    expect(mine.listings[0]).toMatchObject({
      id: listing.id,
      status: 'rented',
      rentedBy: 'Rita',
      returnDate: '2026-11-29',
      earningsCents: 1_400,
      timesRented: 1,
    });
    expect(mine.totalEarningsCents).toBe(1_400);

    expect((await lender.request(`/api/listings/${listing.id}`, { method: 'DELETE' })).status).toBe(409);
    expect(
      (await lender.request(`/api/listings/${listing.id}`, { method: 'PATCH', json: { name: 'Renamed' } })).status,
    ).toBe(409);

    await rita.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' });
    // Sent by the lender, then returned (Return is for a piece she has received).
    const request = await t.ctx.database.db
      .selectFrom('booking_requests')
      .select('id')
      .where('rental_id', '=', rental.id)
      .executeTakeFirstOrThrow();
    expect((await lender.request(`/api/lending/requests/${request.id}/send`, { method: 'POST' })).status).toBe(200);
    expect((await rita.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(200);
    mine = (await (await lender.request('/api/listings')).json()) as ListingList;
    expect(mine.listings[0]).toMatchObject({ status: 'available', rentedBy: null, earningsCents: 2_800 });
    expect(mine.totalEarningsCents).toBe(2_800);
    expect((await lender.request(`/api/listings/${listing.id}`, { method: 'DELETE' })).status).toBe(204);
    // Earnings stay after the listing is removed; the renter can no longer book it.
    expect(((await (await lender.request('/api/listings')).json()) as ListingList).totalEarningsCents).toBe(2_800);
    expect(
      (await book(rita, { itemId: listing.id, size: 'M', startDate: '2026-12-20', endDate: '2026-12-27' })).status,
    ).toBe(404);
  });
});
