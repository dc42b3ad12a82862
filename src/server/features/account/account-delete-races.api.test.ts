import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queues';
import { businessDayFromToday } from '../../test/business-day';
import { readyToRent } from '../../test/renter';
import type { TestApp } from '../../test/test-app';
import { listingForm, makePng, sampleListing } from '../listings/listings.test-helpers';
import { del, houseItem, ok } from './account-delete.test-helpers';
import { accountTestApp } from './account.test-helpers';
import { verified } from '../../test/verified';

/**
 * Deleting an account while a booking is under way (issue 12): her piece being booked, a piece
 * she books herself, a piece held for her on a waitlist. On SQLite and PostgreSQL. The rules
 * are in account-delete.api.test.ts.
 */
const app = accountTestApp();
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`deleting an account while her piece is being booked (${process.env.TEST_DIALECT})`, () => {
  it(
    'never leaves an open rental on a deleted account: one of the two wins, 20 times',
    { timeout: 180_000 },
    async () => {
      const outcomes = { deleted: 0, booked: 0 };
      for (let trial = 0; trial < 20; trial += 1) {
        const owner = await verified(await t.signUp({ fullName: `Owner ${trial}` }));
        const renter = await readyToRent(await t.signUp({ fullName: `Renter ${trial}` }));
        const photo = { data: await makePng(120, 160), name: 'p.png', type: 'image/png' };
        const listing = await ok(
          owner.request('/api/listings', {
            method: 'POST',
            body: listingForm(sampleListing({ name: `Race Gown ${trial}` }), [photo]),
          }),
          201,
        );
        // The deletion first checks the password (a slow hash: timed here with a wrong one); the
        // booking starts a little later each trial, so the two meet at every point of each other's
        // transaction (the timing only spreads the interleavings; nothing asserts on it).
        const started = performance.now();
        expect((await del(owner, 'a wrong password')).status).toBe(403);
        const hashMs = performance.now() - started;
        const book = async () => {
          await new Promise((r) => setTimeout(r, (hashMs * 1.4 * trial) / 19));
          return renter.request('/api/lending/requests', { method: 'POST', json: { itemId: listing.id, size: 'M' } });
        };
        const [deletion, booking] = await Promise.all([del(owner, owner.password), book()]);
        const open = await t.ctx.database.db
          .selectFrom('rentals')
          .select('id')
          .where('item_id', '=', listing.id as number)
          .where('returned_at', 'is', null)
          .execute();
        if (deletion.status === 204) {
          outcomes.deleted += 1;
          expect(booking.status, `trial ${trial}: the booking of a deleted member's piece`).toBeGreaterThanOrEqual(400);
          expect(open).toEqual([]);
        } else {
          outcomes.booked += 1;
          expect(deletion.status, `trial ${trial}`).toBe(409);
          expect(booking.status).toBe(201);
          expect(open).toHaveLength(1);
        }
      }
      console.log(`delete vs book (${t.dialect}): ${outcomes.deleted} deletions won, ${outcomes.booked} bookings won`);
    },
  );
});

describe(`deleting an account while she books a piece herself (${process.env.TEST_DIALECT})`, () => {
  it(
    'never leaves an open rental on a deleted account: one of the two wins, 20 times',
    { timeout: 180_000 },
    async () => {
      const outcomes = { deleted: 0, booked: 0 };
      for (let trial = 0; trial < 20; trial += 1) {
        const member = await readyToRent(await t.signUp({ fullName: `Leaver ${trial}` }));
        const itemId = await houseItem(t);
        const started = performance.now();
        expect((await del(member, 'a wrong password')).status).toBe(403);
        const hashMs = performance.now() - started;
        const book = async () => {
          // Spreads the interleavings over the deletion's transaction; nothing asserts on timing.
          await new Promise((r) => setTimeout(r, (hashMs * 1.4 * trial) / 19));
          return member.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } });
        };
        const [deletion, booking] = await Promise.all([del(member, member.password), book()]);
        const open = await t.ctx.database.db
          .selectFrom('rentals')
          .select('id')
          .where('user_id', '=', member.id)
          .where('returned_at', 'is', null)
          .execute();
        if (deletion.status === 204) {
          outcomes.deleted += 1;
          expect(open, `trial ${trial}: an open rental on a deleted account`).toEqual([]);
          expect(booking.status).toBeGreaterThanOrEqual(400);
        } else {
          outcomes.booked += 1;
          expect(deletion.status, `trial ${trial}`).toBe(409);
          expect(booking.status).toBe(201);
          expect(open).toHaveLength(1);
        }
      }
      console.log(
        `delete vs own booking (${t.dialect}): ${outcomes.deleted} deletions won, ${outcomes.booked} bookings won`,
      );
    },
  );
});

describe(`deleting an account while she confirms a piece held for her on a waitlist (${process.env.TEST_DIALECT})`, () => {
  it(
    'either she leaves the list and nothing is booked, or the booking stands and the deletion waits: 8 times',
    { timeout: 180_000 },
    async () => {
      const { db } = t.ctx.database;
      const day = (n: number) => businessDayFromToday(n, Date.now() + app.clockAhead);
      const outcomes = { deleted: 0, booked: 0 };
      for (let trial = 0; trial < 8; trial += 1) {
        const itemId = await houseItem(t);
        const holder = await readyToRent(await t.signUp());
        const booked = await ok(
          holder.request('/api/rentals', {
            method: 'POST',
            json: { itemId, size: 'M', startDate: day(6), endDate: day(13) },
          }),
          201,
        );
        const member = await readyToRent(await t.signUp({ fullName: `Waiter ${trial}` }));
        const entry = await ok(
          member.request('/api/waitlist', {
            method: 'POST',
            json: { itemId, size: 'M', startDate: day(6), endDate: day(13) },
          }),
          201,
        );
        await ok(holder.request(`/api/rentals/${booked.id}/cancel`, { method: 'POST' }));
        await t.ctx.jobs.runDue([QUEUES.waitlistSweep.name]);
        const started = performance.now();
        expect((await del(member, 'a wrong password')).status).toBe(403);
        const hashMs = performance.now() - started;
        const confirm = async () => {
          // Spreads the interleavings over the deletion's transaction; nothing asserts on timing.
          await new Promise((r) => setTimeout(r, (hashMs * 1.4 * trial) / 7));
          return member.request(`/api/waitlist/${entry.id}/confirm`, { method: 'POST', json: {} });
        };
        const [deletion, confirmation] = await Promise.all([del(member, member.password), confirm()]);
        const open = await db
          .selectFrom('rentals')
          .select('id')
          .where('user_id', '=', member.id)
          .where('returned_at', 'is', null)
          .execute();
        const row = await db
          .selectFrom('waitlist_entries')
          .select(['status', 'hold_booking_id'])
          .where('id', '=', entry.id as number)
          .executeTakeFirstOrThrow();
        if (deletion.status === 204) {
          outcomes.deleted += 1;
          expect(confirmation.status, `trial ${trial}: confirming on a deleted account`).toBeGreaterThanOrEqual(400);
          expect(open).toEqual([]);
          expect(row.status).toBe('left');
          const hold = await db
            .selectFrom('bookings')
            .select('released_at')
            .where('id', '=', row.hold_booking_id!)
            .executeTakeFirstOrThrow();
          expect(hold.released_at).not.toBeNull();
        } else {
          outcomes.booked += 1;
          expect(deletion.status, `trial ${trial}`).toBe(409);
          expect(confirmation.status).toBe(201);
          expect(open).toHaveLength(1);
          expect(row.status).toBe('booked');
        }
      }
      console.log(
        `delete vs waitlist confirm (${t.dialect}): ${outcomes.deleted} deletions won, ${outcomes.booked} confirmations won`,
      );
    },
  );
});
