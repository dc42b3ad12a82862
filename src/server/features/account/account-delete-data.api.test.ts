import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queues';
import { uploadsDir } from '../../storage/storage';
import { businessDayFromToday } from '../../test/business-day';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { cookieFrom, type TestApp } from '../../test/test-app';
import { makePng } from '../listings/listings.test-helpers';
import { del, fullMember, houseItem, ok } from './account-delete.test-helpers';
import { accountTestApp, whoIs } from './account.test-helpers';

/**
 * Deleting an account (issue 12): personal data goes in one transaction and every session ends;
 * history stays without her name. On SQLite and PostgreSQL. The rules that block it are in
 * account-delete.api.test.ts.
 */
const app = accountTestApp();
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`delete my account (${process.env.TEST_DIALECT})`, () => {
  it('removes her personal data in every table, ends every session, and keeps history without her name', async () => {
    const { m, listingId, eventId } = await fullMember(app);
    const { db } = t.ctx.database;
    const other = cookieFrom(
      await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } }),
    );
    // A past rental: the lender's earnings history must survive her deletion.
    const itemId = await houseItem(t);
    const rental = await ok(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    await ok(m.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' }));
    const spotsBefore = (
      await db.selectFrom('events').select('spots_left').where('id', '=', eventId).executeTakeFirstOrThrow()
    ).spots_left;
    const photoFiles = (
      await db.selectFrom('listing_photos').select('file_name').where('item_id', '=', listingId).execute()
    ).map((p) => p.file_name);
    expect(photoFiles).toHaveLength(2);

    const res = await del(m, m.password);
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await whoIs(t, m.cookie)).toBeNull();
    expect(await whoIs(t, other)).toBeNull();
    expect(
      (await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } }))
        .status,
    ).toBe(401);

    for (const table of [
      'payment_methods',
      'subscriptions',
      'pickup_preferences',
      'user_viewed_items',
      'user_liked_items',
      'user_session_progress',
      'user_daily_views',
      'rental_allowance_usage',
      'event_rsvps',
      'delivery_addresses',
    ] as const) {
      const rows = await db.selectFrom(table).selectAll().where('user_id', '=', m.id).execute();
      expect(rows, table).toEqual([]);
    }
    // Her orders stay for our accounts, without the address they went to.
    const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', m.id).execute();
    expect(orders).toHaveLength(1);
    expect(JSON.stringify(orders)).not.toMatch(/Delia|Farewell/);
    expect(await db.selectFrom('session').select('id').where('userId', '=', m.id).execute()).toEqual([]);
    expect(await db.selectFrom('account').select('id').where('userId', '=', m.id).execute()).toEqual([]);
    const user = await db.selectFrom('user').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Deleted member',
      full_name: 'Deleted member',
      gender: 'prefer-not-to-say',
      image: null,
    });
    expect(user.email).not.toBe(m.email);
    expect(JSON.stringify(user)).not.toMatch(/Delia/);
    const profile = await db.selectFrom('profiles').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: 'Deleted member', deleted_at: expect.any(String) });
    // Her pieces left the catalogue with their photos; her event spot went back.
    expect(
      (await db.selectFrom('items').select('status').where('id', '=', listingId).executeTakeFirstOrThrow()).status,
    ).toBe('removed');
    expect(await db.selectFrom('listing_photos').select('id').where('item_id', '=', listingId).execute()).toEqual([]);
    const dir = uploadsDir(t.ctx.env.dataDir);
    const left = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of photoFiles) expect(left).not.toContain(f);
    expect(
      (await db.selectFrom('events').select('spots_left').where('id', '=', eventId).executeTakeFirstOrThrow())
        .spots_left,
    ).toBe(spotsBefore + 1);
    // History stays, pointing at the anonymous account.
    expect(
      await db
        .selectFrom('rentals')
        .select('id')
        .where('id', '=', rental.id as number)
        .execute(),
    ).toHaveLength(1);
    // The address is free again.
    expect(
      (
        await t.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: {
            email: m.email,
            password: 'fresh start garden',
            name: 'D',
            fullName: 'Delia Again',
            gender: 'female',
          },
        })
      ).status,
    ).toBe(200);
  });

  it(
    'removes or anonymises what she gave through fit details, reviews, shortlists, the waitlist, threads, ratings and payouts',
    { timeout: 60_000 },
    async () => {
      const { db } = t.ctx.database;
      const form = async (data: unknown, photos: number) => {
        const f = new FormData();
        f.set('data', JSON.stringify(data));
        const png = await makePng(200, 240);
        for (let i = 0; i < photos; i += 1)
          f.append('photos', new File([new Uint8Array(png)], `p${i}.png`, { type: 'image/png' }));
        return f;
      };
      const desk = await app.staff();
      const her = await readyToRent(await t.signUp({ fullName: 'Wanda Leaving', gender: 'female' }));
      const other = await readyToRent(await t.signUp({ fullName: 'Olga Lender' }));
      await ok(
        her.request('/api/reviews/fit-details', {
          method: 'PUT',
          json: { heightCm: 168, bustCm: 86, waistCm: 70, hipsCm: 94, usualSize: 'S' },
        }),
      );

      // She rented the other member's piece: a review with a photo, a rating, a message.
      const rented = await returnedMemberRental(t, { lender: other, renter: her, staff: desk });
      await ok(
        her.request(`/api/reviews/rentals/${rented.rentalId}`, {
          method: 'POST',
          body: await form(
            {
              rating: 4,
              fit: 'runs_small',
              sizeWorn: 'M',
              text: 'Wanda wore it to a wedding and loved it.',
              fitDetails: { heightCm: 168, bustCm: 86, waistCm: 70, hipsCm: 94, usualSize: 'S' },
            },
            1,
          ),
        }),
        201,
      );
      await ok(
        her.request('/api/ratings', {
          method: 'POST',
          json: { rentalId: rented.rentalId, stars: 5, comment: 'A lovely piece' },
        }),
        201,
      );
      await ok(
        her.request(`/api/lending/threads/${rented.rentalId}/messages`, {
          method: 'POST',
          json: { body: 'Thank you, it was perfect' },
        }),
        201,
      );
      await ok(her.request(`/api/lending/threads/${rented.rentalId}`));
      const reviewPhotos = await db
        .selectFrom('review_photos')
        .innerJoin('reviews', 'reviews.id', 'review_photos.review_id')
        .select('review_photos.file_name')
        .where('reviews.user_id', '=', her.id)
        .execute();
      expect(reviewPhotos).toHaveLength(1);

      // A shortlist, and first in line on a waitlist (a unit comes free and is held for her; a second member waits behind her).
      const list = await ok(
        her.request('/api/shortlists', { method: 'POST', json: { name: 'Wanda wedding list', itemId: rented.itemId } }),
        201,
      );
      const itemId = await makeTestItem(db, { sizes: ['M'] });
      const day = (n: number) => businessDayFromToday(n, Date.now() + app.clockAhead);
      const holder = await readyToRent(await t.signUp());
      const booked = await ok(
        holder.request('/api/rentals', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: day(6), endDate: day(13) },
        }),
        201,
      );
      await ok(
        her.request('/api/waitlist', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: day(6), endDate: day(13) },
        }),
        201,
      );
      const next = await readyToRent(await t.signUp());
      await ok(
        next.request('/api/waitlist', {
          method: 'POST',
          json: { itemId, size: 'M', startDate: day(6), endDate: day(13) },
        }),
        201,
      );
      await ok(holder.request(`/api/rentals/${booked.id}/cancel`, { method: 'POST' }));
      await t.ctx.jobs.runDue([QUEUES.waitlistSweep.name]);
      const entryOf = (userId: string) =>
        db
          .selectFrom('waitlist_entries')
          .select(['status', 'hold_booking_id'])
          .where('user_id', '=', userId)
          .where('item_id', '=', itemId)
          .executeTakeFirstOrThrow();
      const heldForHer = await entryOf(her.id);
      expect(heldForHer.status).toBe('held');

      // She lent a piece and was paid out, two days after it came back.
      await returnedMemberRental(t, { lender: her, renter: other, staff: desk });
      await ok(
        her.request('/api/payouts/account', {
          method: 'PUT',
          json: { holderName: 'Wanda Leaving', routingNumber: '011000015', accountNumber: '000123456789' },
        }),
      );
      app.setClockAhead(2 * 86_400_000 + 60_000);
      try {
        await ok(her.request('/api/payouts', { method: 'POST' }), 201);

        expect((await del(her, her.password)).status).toBe(204);

        expect(await db.selectFrom('fit_details').selectAll().where('user_id', '=', her.id).execute()).toEqual([]);
        // Her review stays, signed by the anonymous account, without her measurements or photos.
        const review = await db
          .selectFrom('reviews')
          .selectAll()
          .where('user_id', '=', her.id)
          .executeTakeFirstOrThrow();
        expect(review).toMatchObject({
          body: 'Wanda wore it to a wedding and loved it.',
          bust_cm: null,
          waist_cm: null,
          hips_cm: null,
        });
        expect(await db.selectFrom('review_photos').select('id').where('review_id', '=', review.id).execute()).toEqual(
          [],
        );
        const dir = uploadsDir(t.ctx.env.dataDir);
        expect(existsSync(dir) ? readdirSync(dir) : []).not.toContain(reviewPhotos[0]!.file_name);
        const shown = await ok(t.request(`/api/reviews/items/${rented.itemId}`));
        expect(JSON.stringify(shown)).toContain('Wanda wore it');
        expect(JSON.stringify(shown)).not.toMatch(/Wanda L/);
        // Her lists are gone.
        expect(await db.selectFrom('shortlists').select('id').where('user_id', '=', her.id).execute()).toEqual([]);
        expect(
          await db
            .selectFrom('shortlist_items')
            .select('item_id')
            .where('shortlist_id', '=', list.id as number)
            .execute(),
        ).toEqual([]);
        // She left the waitlist; the unit held for her went to the member behind her.
        expect((await entryOf(her.id)).status).toBe('left');
        const released = await db
          .selectFrom('bookings')
          .select('released_at')
          .where('id', '=', heldForHer.hold_booking_id!)
          .executeTakeFirstOrThrow();
        expect(released.released_at).not.toBeNull();
        await t.ctx.jobs.runDue([QUEUES.waitlistSweep.name]);
        expect((await entryOf(next.id)).status).toBe('held');
        // Her bank account is gone; her payout stays for our accounts without the holder's name.
        expect(
          await db.selectFrom('payout_accounts').select('user_id').where('user_id', '=', her.id).execute(),
        ).toEqual([]);
        const payouts = await db.selectFrom('payouts').selectAll().where('lender_id', '=', her.id).execute();
        expect(payouts).toHaveLength(1);
        expect(payouts[0]).toMatchObject({ holder_name: 'Deleted member', last_four: '6789', status: 'paid' });
        // Her message and rating stay in the other member's thread and history, from the anonymous account.
        expect(
          await db.selectFrom('rental_thread_reads').select('rental_id').where('user_id', '=', her.id).execute(),
        ).toEqual([]);
        const thread = await ok(other.request(`/api/lending/threads/${rented.rentalId}`));
        expect(JSON.stringify(thread)).toContain('Thank you, it was perfect');
        expect(JSON.stringify(thread)).not.toContain('Wanda');
        expect(
          await db.selectFrom('rental_ratings').select('comment').where('author_id', '=', her.id).execute(),
        ).toEqual([{ comment: 'A lovely piece' }]);
      } finally {
        app.setClockAhead(0);
      }
    },
  );
});
