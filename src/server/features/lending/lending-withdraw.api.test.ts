import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, BookingRequestList } from '../../../domain/lending';
import type { RentalList } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { makeTestItem, readyToRent } from '../../test/renter';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The renter withdraws her pending request (decision 0041) on a real database (SQLite, and
 * PostgreSQL in the api-postgres project): the days are free again and the authorisation voided
 * as on a decline, the lender is told; only the renter withdraws, only while pending; a withdrawal
 * and an accept at once: exactly one wins, decided by the conditional update.
 */

const START = '2026-11-22T10:00:00.000Z';
let now = new Date(START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

type ApiError = { error: { code: string; message: string; details?: Record<string, unknown> } };
const db = () => t.ctx.database.db;
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
/** The answer's status, and that it is the one error shape. */
const refusedWith = async (res: Response | Promise<Response>, status: number, code: string) => {
  const body = await json<ApiError>(res, status);
  expect(body.error).toMatchObject({ code, message: expect.any(String) });
  return body.error;
};
const post = (m: TestMember, path: string) => m.request(path, { method: 'POST' });
const requestPiece = (m: TestMember, itemId: number, range: { startDate?: string; endDate?: string } = {}) =>
  m.request('/api/lending/requests', { method: 'POST', json: { itemId, size: 'M', ...range } });
const withdraw = (m: TestMember, id: number) => post(m, `/api/lending/requests/${id}/withdraw`);
const accept = (m: TestMember, id: number) => post(m, `/api/lending/requests/${id}/accept`);
const ledgerOf = (userId: string) =>
  db()
    .selectFrom('payment_ledger')
    .select(['kind', 'status', 'amount_cents'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const notesOf = (userId: string) =>
  db().selectFrom('notifications').select(['kind', 'title']).where('user_id', '=', userId).orderBy('id').execute();
/** The notifications about one request. */
const notesAbout = async (requestId: number) =>
  (
    await db()
      .selectFrom('notifications')
      .select(['kind', 'user_id'])
      .where('subject_type', '=', 'request')
      .where('subject_id', '=', String(requestId))
      .orderBy('id')
      .execute()
  ).map((n) => [n.kind, n.user_id]);
const providerCalls = (requestId: number) =>
  db()
    .selectFrom('payment_sim_requests')
    .select('operation')
    .where('idempotency_key', 'like', `request:${requestId}:%`)
    .execute();
const renter = async (name: string) => readyToRent(await t.signUp({ fullName: name }));
async function lenderWithPiece(name: string) {
  const lender = await readyToRent(await t.signUp({ fullName: name }));
  const itemId = await makeTestItem(db(), { ownerId: lender.id, priceCents: 2_000 });
  return { lender, itemId };
}

describe(`withdrawing a request (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('frees the days, voids the authorisation and tells the lender; nothing is charged', async () => {
    const { lender, itemId } = await lenderWithPiece('Wendy Lender');
    const rita = await renter('Willa Renter');
    const range = { startDate: '2026-11-25', endDate: '2026-12-02' };
    const made = await json<BookingRequest>(requestPiece(rita, itemId, range), 201);
    expect(made).toMatchObject({ status: 'pending', actions: ['withdraw'] });
    // Held: nobody else can take those days while it waits.
    expect((await requestPiece(await renter('Olive Other'), itemId, range)).status).toBe(409);

    const withdrawn = await json<BookingRequest>(withdraw(rita, made.id));
    expect(withdrawn).toMatchObject({ id: made.id, role: 'renter', status: 'withdrawn', stage: 'done', actions: [] });
    expect(withdrawn.decidedAt).toBe(START);
    expect(await ledgerOf(rita.id)).toEqual([
      { kind: 'authorise', status: 'succeeded', amount_cents: 2_000 },
      { kind: 'void', status: 'succeeded', amount_cents: 2_000 },
    ]);
    // At the provider: the authorisation, then its void; no capture.
    expect((await providerCalls(made.id)).map((c) => c.operation).sort()).toEqual(['authorise', 'void'].sort());
    expect(await notesOf(lender.id)).toEqual([
      { kind: 'lending_requested', title: `Willa Renter would like to rent ${made.item.name}` },
      { kind: 'lending_withdrawn', title: `Willa Renter withdrew her request for ${made.item.name}` },
    ]);
    expect(await notesOf(rita.id)).toEqual([]);
    // The rental did not start, and the days are bookable again (by the next member, or by her).
    expect((await json<RentalList>(rita.request('/api/rentals?status=all'))).rentals).toEqual([]);
    await json(requestPiece(await renter('Nora Next'), itemId, range), 201);
    // The lender sees it as withdrawn, with nothing to answer.
    const incoming = (await json<BookingRequestList>(lender.request('/api/lending/requests'))).incoming;
    expect(incoming.find((r) => r.id === made.id)).toMatchObject({ status: 'withdrawn', actions: [] });
  });

  it('only the renter withdraws: 403 for the lender, 404 for anyone else; the request stays pending', async () => {
    const { lender, itemId } = await lenderWithPiece('Lara Lender');
    const rita = await renter('Rosie Renter');
    const made = await json<BookingRequest>(requestPiece(rita, itemId), 201);
    expect((await json<BookingRequestList>(lender.request('/api/lending/requests'))).incoming[0]!.actions).toEqual([
      'accept',
      'decline',
    ]);
    await refusedWith(withdraw(lender, made.id), 403, 'FORBIDDEN');
    await refusedWith(withdraw(await renter('Stella Stranger'), made.id), 404, 'NOT_FOUND');
    await refusedWith(withdraw(rita, 999_999), 404, 'NOT_FOUND');
    expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`))).status).toBe('pending');
    expect((await ledgerOf(rita.id)).map((e) => e.kind)).toEqual(['authorise']);
  });

  it('409 once it is no longer pending: withdrawn already, accepted, declined or expired', async () => {
    const { lender, itemId } = await lenderWithPiece('Nell Lender');
    const rita = await renter('Rae Renter');
    // One open rental per member and piece: an accepted request's renter cannot ask again.
    const other = await renter('Rae Other');

    const first = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-11-24', endDate: '2026-12-01' }),
      201,
    );
    await json(withdraw(rita, first.id));
    expect(await refusedWith(withdraw(rita, first.id), 409, 'CONFLICT')).toMatchObject({
      details: { status: 'withdrawn' },
    });
    expect(await refusedWith(accept(lender, first.id), 409, 'CONFLICT')).toMatchObject({
      message: 'The renter has withdrawn this request.',
    });
    await refusedWith(post(lender, `/api/lending/requests/${first.id}/decline`), 409, 'CONFLICT');
    // One void, whatever came after.
    expect((await ledgerOf(rita.id)).map((e) => e.kind)).toEqual(['authorise', 'void']);

    const second = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-12-10', endDate: '2026-12-17' }),
      201,
    );
    await json(accept(lender, second.id));
    expect(await refusedWith(withdraw(rita, second.id), 409, 'CONFLICT')).toMatchObject({
      details: { status: 'accepted' },
    });
    expect((await json<BookingRequest>(rita.request(`/api/lending/requests/${second.id}`))).status).toBe('accepted');

    const third = await json<BookingRequest>(
      requestPiece(other, itemId, { startDate: '2026-12-20', endDate: '2026-12-27' }),
      201,
    );
    await json(post(lender, `/api/lending/requests/${third.id}/decline`));
    await refusedWith(withdraw(other, third.id), 409, 'CONFLICT');

    const fourth = await json<BookingRequest>(
      requestPiece(other, itemId, { startDate: '2027-01-05', endDate: '2027-01-12' }),
      201,
    );
    const before = now;
    now = new Date('2026-11-24T10:00:01.000Z');
    try {
      await t.ctx.jobs.send(QUEUES.requestExpiry.name, {}, { singletonKey: 'expire' });
      await t.ctx.jobs.runDue([QUEUES.requestExpiry.name]);
      expect((await json<BookingRequest>(other.request(`/api/lending/requests/${fourth.id}`))).status).toBe('expired');
      await refusedWith(withdraw(other, fourth.id), 409, 'CONFLICT');
    } finally {
      now = before;
    }
  });

  it('a withdrawal and accepts at once: exactly one wins, and the money follows the winner', async () => {
    const { lender, itemId } = await lenderWithPiece('Rhoda Racer');
    const rounds = [
      ['Ruby Racer', '2026-11-24', '2026-12-01'],
      ['Rosa Racer', '2026-12-10', '2026-12-17'],
      ['Rina Racer', '2026-12-26', '2027-01-02'],
      ['Reva Racer', '2027-01-11', '2027-01-18'],
    ] as const;
    for (const [i, [name, startDate, endDate]] of rounds.entries()) {
      // A renter per round: one whose request was accepted has the piece and cannot ask again.
      const rita = await renter(name);
      const made = await json<BookingRequest>(requestPiece(rita, itemId, { startDate, endDate }), 201);
      // Withdrawals and accepts interleaved, sent together.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, k) => ((k + i) % 2 === 0 ? withdraw(rita, made.id) : accept(lender, made.id))),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(','),
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        statuses.join(','),
      ).toHaveLength(5);
      for (const r of answers.filter((a) => a.status === 409))
        expect(((await r.json()) as ApiError).error.code).toBe('CONFLICT');

      const final = await json<BookingRequest>(rita.request(`/api/lending/requests/${made.id}`));
      expect(['withdrawn', 'accepted']).toContain(final.status);
      const entries = await db()
        .selectFrom('payment_ledger')
        .select(['kind', 'status'])
        .where('idempotency_key', 'like', `request:${made.id}:%`)
        .orderBy('id')
        .execute();
      const follow = final.status === 'withdrawn' ? 'void' : 'capture';
      expect(entries).toEqual([
        { kind: 'authorise', status: 'succeeded' },
        { kind: follow, status: 'succeeded' },
      ]);
      expect(await providerCalls(made.id)).toHaveLength(2);
      expect(await notesAbout(made.id)).toEqual([
        ['lending_requested', lender.id],
        final.status === 'withdrawn' ? ['lending_withdrawn', lender.id] : ['lending_accepted', rita.id],
      ]);
    }
  });
});
