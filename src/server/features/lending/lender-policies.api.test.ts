import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../../domain/lending';
import type { Statement } from '../../../domain/payouts';
import type { CancellationTerms, PieceTerms } from '../../../domain/protection';
import type { Cancellation, Quote } from '../../../domain/rentals';
import type { TestApp, TestMember } from '../../test/test-app';
import { errorOf, json, lendingTestApp, post, requestPiece } from './lending.test-helpers';

/*
 * Lender policies (decision 0067) on a real database (SQLite, and PostgreSQL in the api-postgres
 * project), on the app's clock (2026-11-22 10:00 UTC; New York's day): each cancellation policy's
 * refund at its boundary, through the renter's Cancel and the ledger; notice and blocked dates
 * refusing requests and Instant Book; the longer-rental discount quoted and charged; two
 * cancellations of one booking at once refund once.
 */

const app = lendingTestApp();
const { db, renter, lenderWithPiece, at } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

const setPolicy = (m: TestMember, itemId: number, policy: Record<string, unknown>) =>
  json<PieceTerms>(m.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: policy }));
const refundsOf = (rentalId: number) =>
  db()
    .selectFrom('payment_ledger')
    .select(['amount_cents', 'status', 'idempotency_key'])
    .where('rental_id', '=', rentalId)
    .where('kind', '=', 'refund')
    .execute();

/** A piece of a new lender under `policy`, requested by a new renter for 2026-12-01 to 12-08 and accepted (charged $20). */
async function acceptedRental(policy: 'flexible' | 'moderate' | 'strict', n: string) {
  const { lender, itemId } = await lenderWithPiece(`Lena ${n}`);
  await setPolicy(lender, itemId, { cancellationPolicy: policy });
  const rita = await renter(`Rhea ${n}`);
  const made = await json<BookingRequest>(
    requestPiece(rita, itemId, { startDate: '2026-12-01', endDate: '2026-12-08' }),
    201,
  );
  await json<BookingRequest>(post(lender, `/api/lending/requests/${made.id}/accept`));
  return { lender, rita, itemId, rentalId: made.rentalId, requestId: made.id };
}

// 2026-12-01 begins at 05:00 UTC in New York: each policy's last instant, and the one after it.
const BOUNDARIES = [
  { policy: 'flexible', last: '2026-11-30T05:00:00.000Z', after: '2026-11-30T05:00:00.001Z', refund: 2_000 },
  { policy: 'moderate', last: '2026-11-26T05:00:00.000Z', after: '2026-11-26T05:00:00.001Z', refund: 2_000 },
  { policy: 'strict', last: '2026-11-24T05:00:00.000Z', after: '2026-11-24T05:00:00.001Z', refund: 1_000 },
] as const;

describe(`cancellation policies (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  for (const b of BOUNDARIES) {
    it(`${b.policy}: the quoted refund is the one refunded, at its last instant and after it`, async () => {
      const terms = await json<PieceTerms>(
        t.request(`/api/protection/items/${(await acceptedRental(b.policy, `${b.policy}0`)).itemId}/terms`),
      );
      expect(terms).toMatchObject({ cancellationPolicy: b.policy, fromMember: true });

      for (const [i, [when, expected]] of (
        [
          [b.last, b.refund],
          [b.after, 0],
        ] as const
      ).entries()) {
        const r = await acceptedRental(b.policy, `${b.policy} ${i + 1}`);
        await at(when, async () => {
          const quoted = await json<CancellationTerms>(
            r.rita.request(`/api/protection/rentals/${r.rentalId}/cancellation`),
          );
          expect(quoted).toMatchObject({ policy: b.policy, paidCents: 2_000, refundCents: expected });
          const done = await json<Cancellation>(post(r.rita, `/api/rentals/${r.rentalId}/cancel`));
          expect(done.refundCents).toBe(expected);
        });
        const refunds = await refundsOf(r.rentalId);
        expect(refunds.reduce((n, x) => n + x.amount_cents, 0)).toBe(expected);
        expect(refunds.every((x) => x.status === 'succeeded')).toBe(true);
        // What the policy kept is shared with the lender (70%), a line of her statement.
        const kept = (await json<Statement>(r.lender.request('/api/payouts/statement'))).lines.filter((l) =>
          l.description.startsWith('Kept by your cancellation policy'),
        );
        expect(kept.map((l) => l.netCents)).toEqual(expected === 2_000 ? [] : [((2_000 - expected) * 70) / 100]);
      }
    });
  }

  it('only the renter reads what cancelling her rental gives back (404 for the lender and others)', async () => {
    const r = await acceptedRental('strict', 'peek');
    expect(
      (await (await renter('Nosy Nell')).request(`/api/protection/rentals/${r.rentalId}/cancellation`)).status,
    ).toBe(404);
    expect((await r.lender.request(`/api/protection/rentals/${r.rentalId}/cancellation`)).status).toBe(404);
  });

  it('two cancellations of one booking at once refund once', async () => {
    const r = await acceptedRental('strict', 'twice');
    const answers = await Promise.all([0, 1, 2].map(() => post(r.rita, `/api/rentals/${r.rentalId}/cancel`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const refunds = await refundsOf(r.rentalId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount_cents).toBe(1_000);
  });
});

describe(`notice, blocked dates and the longer-rental discount (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('a request inside the notice or over blocked days is refused with a 400 naming the reason', async () => {
    const { lender, itemId } = await lenderWithPiece('Nora Notice');
    await setPolicy(lender, itemId, { noticeDays: 5 });
    const rita = await renter('Nadia Renter');
    const early = await requestPiece(rita, itemId, { startDate: '2026-11-26', endDate: '2026-12-03' });
    expect(early.status).toBe(400);
    expect(await errorOf(early)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'notice', noticeDays: 5, earliestStart: '2026-11-27' },
    });
    await json(
      post(lender, `/api/lending/items/${itemId}/blocks`, { startDate: '2026-12-10', endDate: '2026-12-15' }),
      201,
    );
    const away = await requestPiece(rita, itemId, { startDate: '2026-12-12', endDate: '2026-12-19' });
    expect(away.status).toBe(400);
    const err = await errorOf(away);
    expect(err).toMatchObject({
      details: { reason: 'blocked', blockedFrom: '2026-12-10', blockedUntil: '2026-12-15' },
    });
    expect(err.message).toContain('away');
    // Outside both: the request goes through.
    await json(requestPiece(rita, itemId, { startDate: '2026-12-01', endDate: '2026-12-08' }), 201);
    // After she frees the days, they can be requested.
    const cal = await json<{ blocks: { id: number }[] }>(lender.request(`/api/lending/items/${itemId}/calendar`));
    expect(
      (await lender.request(`/api/lending/items/${itemId}/blocks/${cal.blocks[0]!.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    const other = await renter('Nina Renter');
    await json(requestPiece(other, itemId, { startDate: '2026-12-12', endDate: '2026-12-19' }), 201);
  });

  it('Instant Book is bound by the notice too', async () => {
    const { lender, itemId } = await lenderWithPiece('Ines Instant');
    await setPolicy(lender, itemId, { instantBook: true, noticeDays: 10 });
    const vera = await renter('Vera Verified');
    await json(
      post(vera, '/api/protection/verification', {
        documentType: 'passport',
        documentNumber: 'GOOD12345',
        selfie: true,
      }),
    );
    const res = await post(vera, '/api/protection/instant-book', {
      itemId,
      size: 'M',
      startDate: '2026-11-25',
      endDate: '2026-12-02',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ details: { reason: 'notice' } });
  });

  it('the longer-rental discount is quoted and charged from 14 days, not below', async () => {
    const { lender, itemId } = await lenderWithPiece('Lola Long');
    const terms = await setPolicy(lender, itemId, { longDiscountPercent: 10, maxDays: 30 });
    expect(terms).toMatchObject({ longDiscountPercent: 10, longRentalDays: 14 });
    const rita = await renter('Lina Renter');
    const q = (end: string) =>
      json<Quote>(rita.request(`/api/rentals/quote?itemId=${itemId}&size=M&startDate=2026-12-01&endDate=${end}`));
    const long = await q('2026-12-15');
    expect(long).toMatchObject({
      priceCents: 4_000,
      chargeCents: 3_600,
      discount: { kind: 'long_rental', cents: 400 },
    });
    expect((await q('2026-12-14')).discount).toBeNull();
    const made = await json<BookingRequest>(
      requestPiece(rita, itemId, { startDate: '2026-12-01', endDate: '2026-12-15' }),
      201,
    );
    expect(made.priceCents).toBe(3_600);
    const auth = await db()
      .selectFrom('payment_ledger')
      .select('amount_cents')
      .where('rental_id', '=', made.rentalId)
      .where('kind', '=', 'authorise')
      .executeTakeFirstOrThrow();
    expect(auth.amount_cents).toBe(3_600);
  });
});
