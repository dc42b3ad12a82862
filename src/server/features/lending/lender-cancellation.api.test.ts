import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../domain/lender-feed';
import type { BookingRequest } from '../../../domain/lending';
import type { Statement } from '../../../domain/payouts';
import type { PieceTerms } from '../../../domain/protection';
import type { TestApp, TestMember } from '../../test/test-app';
import { errorOf, json, lendingTestApp, post, requestPiece } from './lending.test-helpers';

/*
 * A lender cancels a request she accepted (decision 0067), on a real database (SQLite, and
 * PostgreSQL in the api-postgres project): the renter refunded in full and told with pieces like
 * it; the lender's fee a payout line once; her count on her pieces' terms; the third in 90 days
 * pauses her listings until the request-expiry job lifts it 30 days later; two cancellations at
 * once, and hers racing the renter's, refund once. And her private calendar feed (ICS).
 */

const app = lendingTestApp();
const { db, renter, lenderWithPiece, at, runExpiry, notesOf } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

const cancel = (m: TestMember, id: number) => post(m, `/api/lending/requests/${id}/cancel`);
const refundsOf = (rentalId: number) =>
  db()
    .selectFrom('payment_ledger')
    .select(['amount_cents', 'status'])
    .where('rental_id', '=', rentalId)
    .where('kind', '=', 'refund')
    .execute();

/** `lender` accepts a new renter's request for her piece `itemId`, 2026-12-01 to 12-08 ($20 charged). */
async function accepted(lender: TestMember, itemId: number, name: string) {
  const rita = await renter(name);
  const made = await json<BookingRequest>(
    requestPiece(rita, itemId, { startDate: '2026-12-01', endDate: '2026-12-08' }),
    201,
  );
  await json<BookingRequest>(post(lender, `/api/lending/requests/${made.id}/accept`));
  return { rita, made };
}

describe(`a lender cancels an accepted request (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('refunds the renter in full, tells her with similar pieces, and takes the fee once from the payout', async () => {
    const { lender, itemId } = await lenderWithPiece('Carla Canceller');
    const { rita, made } = await accepted(lender, itemId, 'Rosa Renter');
    // Not before it is accepted, not by the renter, not by a stranger.
    expect((await cancel(rita, made.id)).status).toBe(403);
    expect((await cancel(await renter('Sue Stranger'), made.id)).status).toBe(404);

    const done = await json<BookingRequest>(cancel(lender, made.id));
    expect(done).toMatchObject({ cancelledBy: 'lender', stage: 'done', actions: [] });
    const again = await cancel(lender, made.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('CONFLICT');
    expect(await refundsOf(made.rentalId)).toEqual([{ amount_cents: 2_000, status: 'succeeded' }]);

    const theirs = await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`));
    expect(theirs.cancelledBy).toBe('lender');
    const note = (await notesOf(rita.id)).find((n) => n.kind === 'lending_cancelled');
    expect(note?.title).toContain('cancelled by the lender');
    const body = await db()
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', rita.id)
      .where('kind', '=', 'lending_cancelled')
      .executeTakeFirstOrThrow();
    expect(body.body).toContain('$20.00 goes back to your card in full');

    const statement = await json<Statement>(lender.request('/api/payouts/statement'));
    const fees = statement.lines.filter((l) => l.kind === 'fee');
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ netCents: -1_000, status: 'Available' });
    const terms = await json<PieceTerms>(t.request(`/api/protection/items/${itemId}/terms`));
    expect(terms).toMatchObject({ lenderCancellations: 1, lenderPausedUntil: null });
  });

  it('the third cancellation in 90 days pauses her listings; the job lifts the pause 30 days later', async () => {
    const { lender, itemId } = await lenderWithPiece('Petra Pauser');
    const others = await Promise.all(
      ['Second', 'Third'].map(async (n) => {
        const { itemId: id } = await lenderWithPiece(`unused ${n}`);
        // Her other pieces: moved to her (the factory makes a new lender per piece).
        await db().updateTable('items').set({ owner_id: lender.id }).where('id', '=', id).execute();
        return id;
      }),
    );
    const pieces = [itemId, ...others];
    for (const [i, id] of pieces.entries()) {
      const { made } = await accepted(lender, id, `Renter ${i}`);
      await json<BookingRequest>(cancel(lender, made.id));
      const paused = await db().selectFrom('items').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(paused.status).toBe(i < 2 ? 'active' : 'paused');
    }
    const terms = await json<PieceTerms>(t.request(`/api/protection/items/${itemId}/terms`));
    expect(terms.lenderCancellations).toBe(3);
    expect(terms.lenderPausedUntil).toBe('2026-12-22T10:00:00.000Z');
    // Out of the catalogue: her piece's page and new requests see nothing.
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(404);
    expect((await requestPiece(await renter('Late Lucy'), itemId)).status).toBe(404);

    await runExpiry(); // nothing is due yet
    expect(
      (await db().selectFrom('items').select('status').where('id', '=', itemId).executeTakeFirstOrThrow()).status,
    ).toBe('paused');
    await at('2026-12-22T10:00:01.000Z', () => runExpiry());
    const back = await db().selectFrom('items').select(['id', 'status']).where('id', 'in', pieces).execute();
    expect(back.map((r) => r.status)).toEqual(['active', 'active', 'active']);
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(200);
  });

  it('two cancellations at once, or hers racing the renter’s, refund once', async () => {
    const { lender, itemId } = await lenderWithPiece('Dora Double');
    const { made } = await accepted(lender, itemId, 'Daisy Renter');
    const answers = await Promise.all([0, 1, 2].map(() => cancel(lender, made.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await refundsOf(made.rentalId)).toHaveLength(1);
    const rows = await db().selectFrom('lender_cancellations').select('id').where('request_id', '=', made.id).execute();
    expect(rows).toHaveLength(1);

    const { lender: l2, itemId: i2 } = await lenderWithPiece('Rae Racer');
    const { rita, made: m2 } = await accepted(l2, i2, 'Ruby Racer');
    const race = await Promise.all([cancel(l2, m2.id), post(rita, `/api/rentals/${m2.rentalId}/cancel`)]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
    const refunds = await refundsOf(m2.rentalId);
    expect(refunds).toHaveLength(1);
  });
});

/** An ICS file's content lines, unfolded (RFC 5545 3.1), and its events as property maps. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const raw of text.split('\r\n')) expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i)] = line.slice(i + 1);
    }
  }
  return { lines, events };
}

describe(`the lender's calendar feed (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('serves her booked and blocked days at a secret address without a session; a reset ends the old one', async () => {
    const { lender, itemId } = await lenderWithPiece('Fern Feed');
    await db().updateTable('items').set({ name: 'Silk dress, ivory; long' }).where('id', '=', itemId).execute();
    await accepted(lender, itemId, 'Flora Renter');
    await json(
      post(lender, `/api/lending/items/${itemId}/blocks`, { startDate: '2026-12-20', endDate: '2026-12-27' }),
      201,
    );

    const feed = await json<CalendarFeed>(lender.request('/api/lending/feed'));
    expect(feed.url.endsWith(feed.path)).toBe(true);
    expect((await json<CalendarFeed>(lender.request('/api/lending/feed'))).path).toBe(feed.path);
    const res = await t.request(feed.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const { lines, events } = parseIcs(await res.text());
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    const blocked = events.find((e) => e['SUMMARY']?.startsWith('Blocked'));
    expect(blocked).toMatchObject({
      'DTSTART;VALUE=DATE': '20261220',
      'DTEND;VALUE=DATE': '20261227',
      SUMMARY: 'Blocked: Silk dress\\, ivory\\; long',
    });
    const booked = events.find((e) => e['SUMMARY']?.startsWith('Booked'));
    expect(booked?.['DTSTART;VALUE=DATE']).toMatch(/^2026(11|12)\d\d$/);

    // Another member's feed is not hers to read; a reset makes the old address 404.
    const other = await json<CalendarFeed>((await renter('Ola Other')).request('/api/lending/feed'));
    expect(other.path).not.toBe(feed.path);
    const reset = await json<CalendarFeed>(post(lender, '/api/lending/feed/reset'));
    expect(reset.path).not.toBe(feed.path);
    expect((await t.request(feed.path)).status).toBe(404);
    expect((await t.request(reset.path)).status).toBe(200);
    expect((await t.request('/api/lending/feed/not-a-real-secret-at-all-000.ics')).status).toBe(404);
  });
});
