import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingRequest,
  BookingRequestList,
  LenderBlock,
  LenderCalendar,
  Message,
  Thread,
} from '../../../domain/lending';
import type { ListingList } from '../../../domain/listings';
import type { Rental, RentalList } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Issue 18 part A on a real database (SQLite, and PostgreSQL in the api-postgres project): a
 * request to book a member's piece holds the days and authorises the price; the lender's accept
 * captures it once even when sent ten times at once; decline and expiry (run from the durable
 * queue) void it and free the days; only the two parties read the thread; the lender hands the
 * piece over and marks it back, cleans it; her blocked days are respected by booking and browse.
 */

const START = '2026-11-22T10:00:00.000Z';
let now = new Date(START);
let t: TestApp;
let staff: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  staff = await makeStaff(t, { fullName: 'Sam Staff' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
const post = (m: TestMember, path: string, body?: unknown) =>
  m.request(path, { method: 'POST', ...(body !== undefined ? { json: body } : {}) });
const requestPiece = (m: TestMember, itemId: number, range: { startDate?: string; endDate?: string } = {}) =>
  post(m, '/api/lending/requests', { itemId, size: 'M', ...range });
const ledgerOf = (userId: string) =>
  db()
    .selectFrom('payment_ledger')
    .select(['kind', 'status', 'amount_cents', 'purpose', 'settled_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const notesOf = (userId: string) =>
  db().selectFrom('notifications').select(['kind', 'title']).where('user_id', '=', userId).orderBy('id').execute();
const earned = async (m: TestMember) => (await json<ListingList>(m.request('/api/listings'))).totalEarningsCents;
const renter = async (name = 'Rita Renter') => readyToRent(await t.signUp({ fullName: name }));
async function lenderWithPiece(name = 'Lou Lender', priceCents = 2_000) {
  const lender = await readyToRent(await t.signUp({ fullName: name }));
  const itemId = await makeTestItem(db(), { ownerId: lender.id, priceCents });
  return { lender, itemId };
}
const at = async <T>(iso: string, fn: () => Promise<T>): Promise<T> => {
  const before = now;
  now = new Date(iso);
  try {
    return await fn();
  } finally {
    now = before;
  }
};
async function runExpiry() {
  await t.ctx.jobs.send(QUEUES.requestExpiry.name, {}, { singletonKey: 'expire' });
  await t.ctx.jobs.runDue([QUEUES.requestExpiry.name]);
}

describe(`request to book (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it("holds the days and authorises the price; only members' pieces; the lender is told and has 48 hours", async () => {
    const { lender, itemId } = await lenderWithPiece();
    const rita = await renter();
    const house = await makeTestItem(db());
    const refused = await requestPiece(rita, house);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'CONFLICT', details: { action: 'book' } });
    expect((await requestPiece(lender, itemId)).status).toBe(403);

    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-25', endDate: '2026-12-02' }),
      201,
    );
    expect(made).toMatchObject({
      role: 'renter',
      status: 'pending',
      stage: 'requested',
      actions: ['withdraw'],
      priceCents: 2_000,
      lenderShareCents: 1_400,
      lenderName: 'Lou Lender',
      expiresAt: '2026-11-24T10:00:00.000Z',
    });
    expect(await ledgerOf(rita.id)).toEqual([
      expect.objectContaining({
        kind: 'authorise',
        status: 'succeeded',
        amount_cents: 2_000,
        purpose: 'lending_request',
      }),
    ]);
    // Nothing charged yet: no rental on her dashboard, and no earnings for the lender.
    expect((await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals).toEqual([]);
    expect(await notesOf(lender.id)).toEqual([
      { kind: 'lending_requested', title: `Rita Renter would like to rent ${made.item.name}` },
    ]);

    // The days are held: nobody else can request or book them.
    const other = await renter('Olga Other');
    const taken = await requestPiece(other, itemId, { startDate: '2026-11-27', endDate: '2026-12-04' });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('SOLD_OUT');
    // A member's piece is not booked instantly either.
    const instant = await post(other, '/api/rentals', {
      itemId,
      size: 'M',
      startDate: '2026-12-20',
      endDate: '2026-12-27',
    });
    expect(instant.status).toBe(409);
    expect(await errorOf(instant)).toMatchObject({ details: { action: 'request' } });

    const lists = await json<BookingRequestList>(lender.request('/api/lending/requests'));
    expect(lists.incoming.map((r) => [r.id, r.role, r.actions])).toEqual([[made.id, 'lender', ['accept', 'decline']]]);
    expect(lists.outgoing).toEqual([]);
    expect((await other.request(`/api/lending/requests/${made.id}`)).status).toBe(404);
  });

  it('a declined card holds nothing and asks nothing of the lender', async () => {
    const { lender, itemId } = await lenderWithPiece('Lana Lender');
    const broke = await readyToRent(await t.signUp({ fullName: 'Bea Broke' }), { cardNumber: '4000 0000 0000 0341' });
    const res = await requestPiece(broke, itemId);
    expect(res.status).toBe(402);
    expect((await errorOf(res)).code).toBe('PAYMENT_DECLINED');
    expect(await notesOf(lender.id)).toEqual([]);
    expect((await json<BookingRequestList>(lender.request('/api/lending/requests'))).incoming).toEqual([]);
    await json(requestPiece(await renter('Nina Next'), itemId), 201);
  });

  it('ten accepts at once: one captures, the others get 409; the renter is charged once and told', async () => {
    const { lender, itemId } = await lenderWithPiece('Ann Acceptor');
    const rita = await renter('Ruth Renter');
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-24', endDate: '2026-12-01' }),
      201,
    );
    // Only the lender answers.
    expect((await post(rita, `/api/lending/requests/${made.id}/accept`)).status).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(lender, `/api/lending/requests/${made.id}/accept`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);

    const ledger = await ledgerOf(rita.id);
    expect(ledger.map((e) => [e.kind, e.status, e.amount_cents])).toEqual([
      ['authorise', 'succeeded', 2_000],
      ['capture', 'succeeded', 2_000],
    ]);
    // At the provider: the authorisation captured once, by one capture.
    const auth = await db()
      .selectFrom('payment_ledger')
      .select('provider_ref')
      .where('user_id', '=', rita.id)
      .where('kind', '=', 'authorise')
      .executeTakeFirstOrThrow();
    expect(
      await db()
        .selectFrom('payment_sim_objects')
        .select(['amount_cents'])
        .where('parent_id', '=', auth.provider_ref)
        .execute(),
    ).toEqual([{ amount_cents: 2_000 }]);
    expect(
      await db()
        .selectFrom('payment_sim_requests')
        .select('operation')
        .where('idempotency_key', 'like', `request:${made.id}:%`)
        .orderBy('created_at')
        .execute(),
    ).toHaveLength(2);
    const rentals = (await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals;
    expect(rentals.map((r) => [r.id, r.chargeCents])).toEqual([[made.rentalId, 2_000]]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_accepted']);
    const after = await json<BookingRequest>(lender.request(`/api/lending/requests/${made.id}`));
    expect(after).toMatchObject({ status: 'accepted', stage: 'to_send', actions: ['send'] });
    expect((await post(lender, `/api/lending/requests/${made.id}/decline`)).status).toBe(409);
    // Earnings come when it starts, not before.
    expect(await earned(lender)).toBe(0);
    expect(await at('2026-11-24T09:00:00.000Z', () => earned(lender))).toBe(1_400);
  });

  it('decline voids the authorisation and frees the days at once; nothing is earned', async () => {
    const { lender, itemId } = await lenderWithPiece('Dora Decliner');
    const rita = await renter('Rhea Renter');
    const made = await json<BookingRequest>(requestPiece(rita, itemId), 201);
    const declined = await json<BookingRequest>(post(lender, `/api/lending/requests/${made.id}/decline`));
    expect(declined).toMatchObject({ status: 'declined', stage: 'done', actions: [] });
    expect((await ledgerOf(rita.id)).map((e) => [e.kind, e.status])).toEqual([
      ['authorise', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_declined']);
    expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
    // Free again for the next member; and the renter can ask again.
    await json(requestPiece(await renter('Nora Next'), itemId), 201);
    expect(await earned(lender)).toBe(0);
    expect((await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals).toEqual([]);
  });

  it('silence: the expiry job (durable queue) voids and frees after 48 hours, once; a late accept is refused', async () => {
    const { lender, itemId } = await lenderWithPiece('Sia Silent');
    const rita = await renter('Rosa Renter');
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-28', endDate: '2026-12-05' }),
      201,
    );
    await at('2026-11-24T09:59:00.000Z', runExpiry);
    expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).status).toBe('pending');

    await at('2026-11-24T10:00:01.000Z', async () => {
      expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
      await runExpiry();
      await runExpiry();
      expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).status).toBe('expired');
      expect((await post(lender, `/api/lending/requests/${made.id}/accept`)).status).toBe(409);
      await json(
        requestPiece(await renter('Nell Next'), itemId, { startDate: '2026-11-28', endDate: '2026-12-05' }),
        201,
      );
    });
    expect((await ledgerOf(rita.id)).map((e) => [e.kind, e.status])).toEqual([
      ['authorise', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect((await notesOf(rita.id)).map((n) => n.kind)).toEqual(['lending_expired']);
    expect((await notesOf(lender.id)).map((n) => n.kind)).toEqual([
      'lending_requested',
      'lending_expired',
      'lending_requested',
    ]);
    expect(await earned(lender)).toBe(0);
  });
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
    expect(
      (await errorOf(await requestPiece(rita, itemId, { startDate: '2026-12-12', endDate: '2026-12-19' }))).code,
    ).toBe('SOLD_OUT');
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
