import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingRequest,
  BookingRequestList,
  LenderBlock,
  LenderCalendar,
  Message,
  Thread,
} from '../../../domain/lending';
import type { Rental } from '../../../domain/rentals';
import type { TestApp, TestMember } from '../../test/test-app';
import { earned, errorOf, json, lendingTestApp, post, requestPiece } from './lending.test-helpers';

/*
 * Issue 18 part A on a real database (SQLite, and PostgreSQL in the api-postgres project): only
 * the two parties read the thread; the lender hands the piece over and marks it back, cleans it;
 * her blocked days are respected by booking and browse. The request itself is in
 * lending.api.test.ts, the setup in lending.test-helpers.ts.
 */

const app = lendingTestApp();
const { db, notesOf, renter, lenderWithPiece, at } = app;
let t: TestApp;
let staff: TestMember;
beforeAll(() => {
  ({ t, staff } = app);
});

describe(`messages (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('only the renter and the lender read and write the thread; the other is notified; unread counts', async () => {
    const { lender, itemId } = await lenderWithPiece('Mia Messenger');
    const rita = await renter('Remy Renter');
    const made = await json<BookingRequest>(requestPiece(rita, itemId), 201);
    const thread = `/api/lending/threads/${made.rentalId}`;

    const sent = await json<Message>(post(rita, `${thread}/messages`, { body: 'Hello! Is the hem long?' }), 201);
    expect(sent).toMatchObject({ mine: true, role: 'renter', from: 'Remy' });
    expect((await post(rita, `${thread}/messages`, { body: '   ' })).status).toBe(400);
    expect(await json(lender.request('/api/lending/unread'))).toEqual({ unreadCount: 1 });
    expect((await json<BookingRequestList>(lender.request('/api/lending/requests'))).incoming[0]!.unreadMessages).toBe(
      1,
    );
    expect((await notesOf(lender.id)).map((n) => n.kind)).toContain('lending_message');

    const read = await json<Thread>(lender.request(thread));
    expect(read.messages.map((m) => [m.body, m.mine, m.role])).toEqual([['Hello! Is the hem long?', false, 'renter']]);
    expect(await json(lender.request('/api/lending/unread'))).toEqual({ unreadCount: 0 });
    await json(post(lender, `${thread}/messages`, { body: 'Midi length.' }), 201);
    expect(await json(rita.request('/api/lending/unread'))).toEqual({ unreadCount: 1 });

    // Anyone else: 403 (a member, staff without an open claim); a visitor: 401.
    const other = await t.signUp({ fullName: 'Nosy Neighbour' });
    expect((await other.request(thread)).status).toBe(403);
    expect((await post(other, `${thread}/messages`, { body: 'hi' })).status).toBe(403);
    expect((await staff.request(thread)).status).toBe(403);
    expect((await t.request(thread)).status).toBe(401);
    // Staff may read once a damage claim on the rental is open (what the claims feature reads), not write.
    const claim = await db()
      .insertInto('damage_claims')
      .values({
        rental_id: made.rentalId,
        lender_id: lender.id,
        renter_id: rita.id,
        item_id: itemId,
        amount_cents: 1000,
        description: 'A torn hem',
        status: 'open',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await json<Thread>(staff.request(thread))).messages).toHaveLength(2);
      expect((await post(staff, `${thread}/messages`, { body: 'hi' })).status).toBe(403);
    } finally {
      await db().deleteFrom('damage_claims').where('id', '=', claim.id).execute();
    }
    expect((await staff.request(thread)).status).toBe(403);
  });
});

describe(`handover and the cleaning window (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('the lender sends it, the renter receives and returns it, the lender marks it back and cleans it', async () => {
    const { lender, itemId } = await lenderWithPiece('Hana Handover');
    const rita = await renter('Ria Renter');
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-25', endDate: '2026-12-02' }),
      201,
    );
    const act = (m: TestMember, action: string, body?: unknown) =>
      post(m, `/api/lending/requests/${made.id}/${action}`, body);
    expect((await act(lender, 'send')).status).toBe(409); // not accepted yet
    await json(act(lender, 'accept'));
    // Delivered: from the shipping day before the start.
    expect((await act(lender, 'send')).status).toBe(409);
    await at('2026-11-24T08:00:00.000Z', async () => {
      expect((await act(rita, 'send')).status).toBe(403);
      const sent = await json<BookingRequest>(act(lender, 'send'));
      expect(sent).toMatchObject({ stage: 'sent', actions: ['back'] });
      expect((await act(lender, 'send')).status).toBe(409);
      expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).actions).toEqual([
        'received',
      ]);
      await json<Rental>(post(rita, `/api/rentals/${made.rentalId}/received`));
    });
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_accepted', 'lending_sent']);
    await at('2026-12-02T09:00:00.000Z', async () => {
      expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).actions).toEqual([
        'return',
      ]);
      await json<Rental>(post(rita, `/api/rentals/${made.rentalId}/return`));
      expect((await act(lender, 'clean')).status).toBe(409); // not back yet
      const back = await json<BookingRequest>(act(lender, 'back', { condition: 'as_new' }));
      expect(back).toMatchObject({ stage: 'back', actions: ['clean'] });
      expect((await act(lender, 'back')).status).toBe(409);
      // The cleaning window: not bookable tomorrow.
      const tomorrow = await requestPiece(await renter('Tia Tomorrow'), itemId, {
        startDate: '2026-12-03',
        endDate: '2026-12-10',
      });
      expect((await errorOf(tomorrow)).code).toBe('SOLD_OUT');
      const cleaned = await json<BookingRequest>(act(lender, 'clean'));
      expect(cleaned).toMatchObject({ stage: 'done', actions: [] });
      await json(
        requestPiece(await renter('Uma Upcoming'), itemId, { startDate: '2026-12-03', endDate: '2026-12-10' }),
        201,
      );
    });
    expect(await at('2026-12-02T09:00:00.000Z', () => earned(lender))).toBe(1_400);
  });
});

describe(`the lender's calendar (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('blocked days are not requested, booked or found in browse by dates; days already held cannot be blocked; two blocks at once: one', async () => {
    const { lender, itemId } = await lenderWithPiece('Cal Endar');
    const blocks = `/api/lending/items/${itemId}/blocks`;
    expect((await post(await t.signUp(), blocks, { startDate: '2026-12-10', endDate: '2026-12-14' })).status).toBe(404);
    expect((await post(lender, blocks, { startDate: '2026-12-14', endDate: '2026-12-10' })).status).toBe(400);

    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(lender, blocks, { startDate: '2026-12-10', endDate: '2026-12-14' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const block = await json<LenderBlock>(
      results.find((r) => r.status === 201)!,
      201,
    );

    const rita = await renter('Bria Blocked');
    // The lender's blocked dates refuse the request with the reason (decision 0067), before the units' "sold out".
    expect(
      await errorOf(await requestPiece(rita, itemId, { startDate: '2026-12-12', endDate: '2026-12-19' })),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'blocked' } });
    const browse = async () =>
      (
        await json<{ items: { id: number }[] }>(t.request('/api/items?size=M&from=2026-12-11&to=2026-12-13&limit=48'))
      ).items.map((i) => i.id);
    expect(await browse()).not.toContain(itemId);
    const cal = await json<LenderCalendar>(lender.request(`/api/lending/items/${itemId}/calendar`));
    expect(cal.blocks.map((b) => [b.startDate, b.endDate])).toEqual([['2026-12-10', '2026-12-14']]);

    // A request's held days cannot be blocked.
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-12-20', endDate: '2026-12-27' }),
      201,
    );
    expect((await post(lender, blocks, { startDate: '2026-12-22', endDate: '2026-12-23' })).status).toBe(409);
    expect((await json<LenderCalendar>(lender.request(`/api/lending/items/${itemId}/calendar`))).booked).toHaveLength(
      1,
    );
    await json(post(lender, `/api/lending/requests/${made.id}/decline`));

    expect((await lender.request(`${blocks}/${block.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await lender.request(`${blocks}/${block.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await browse()).toContain(itemId);
    await json(requestPiece(rita, itemId, { startDate: '2026-12-12', endDate: '2026-12-19' }), 201);
  });

  it('blocks keep to the booking horizon of requests and rentals: a start more than 90 days ahead, or in the past, is a 400 naming startDate', async () => {
    const { lender, itemId } = await lenderWithPiece('Hori Zon');
    const blocks = `/api/lending/items/${itemId}/blocks`;
    // Today is 2026-11-22: the last start day is 2027-02-20.
    for (const range of [
      { startDate: '9999-12-01', endDate: '9999-12-05' },
      { startDate: '2027-02-21', endDate: '2027-02-25' },
      { startDate: '2026-11-21', endDate: '2026-11-25' },
    ]) {
      const res = await post(lender, blocks, range);
      expect(res.status, range.startDate).toBe(400);
      const body = (await res.json()) as { error: { code: string; issues?: { path: string }[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.issues?.[0]?.path).toBe('startDate');
    }
    // The same horizon as a request's: its last day is accepted for both.
    await json<LenderBlock>(post(lender, blocks, { startDate: '2027-02-20', endDate: '2027-02-22' }), 201);
    const rita = await renter('Hana Horizon');
    expect((await requestPiece(rita, itemId, { startDate: '2027-02-21', endDate: '2027-02-28' })).status).toBe(400);
    const cal = await json<LenderCalendar>(lender.request(`/api/lending/items/${itemId}/calendar`));
    expect(cal.blocks.map((b) => b.startDate)).toEqual(['2027-02-20']);
  });
});
