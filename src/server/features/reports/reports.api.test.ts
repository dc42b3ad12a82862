import { describe, expect, it } from 'vitest';
import type { Statement } from '../../../domain/payouts';
import { REPORT_MESSAGES, type DeskReport, type RentalReports, type Report } from '../../../domain/reports';
import { makePng } from '../listings/listings.test-helpers';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental } from '../../test/staff';
import { json, staffedTestApp } from '../../test/staffed-app';
import type { TestMember } from '../../test/test-app';

/*
 * Problem reports (decision 0060) on a real database: the renter reports within 48 hours of
 * receiving the piece (refused after, with the reason), one open report per rental; the lender's
 * earning is held while it is open; each outcome (full refund, partial refund, rejected) refunds
 * her card through the ledger and adjusts the lender's payout; two resolutions at once (one
 * wins); a report racing a payout (the earning is paid once, the refund's share taken once).
 */

const START = '2026-11-24T10:00:00.000Z';
let now = new Date(START);
const later = (hours: number) => new Date(new Date(START).getTime() + hours * 3_600_000);
const env = staffedTestApp(() => now);
const ACCOUNT = { holderName: 'Lena Lender', routingNumber: '011000015', accountNumber: '000123456789' };

async function reportForm(data: unknown, photos = 1): Promise<FormData> {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  const png = await makePng(200, 240);
  for (let i = 0; i < photos; i += 1)
    form.append('photos', new File([new Uint8Array(png)], `p${i}.png`, { type: 'image/png' }));
  return form;
}
const report = async (m: TestMember, data: unknown, photos = 1) =>
  m.request('/api/reports', { method: 'POST', body: await reportForm(data, photos) });
const stained = (rentalId: number) => ({ rentalId, reason: 'damaged', note: 'A red wine stain on the front' });

async function refundsOf(renterId: string) {
  return env.t.ctx.database.db
    .selectFrom('payment_ledger')
    .select(['kind', 'amount_cents', 'status', 'idempotency_key'])
    .where('purpose', '=', 'problem_report')
    .where('user_id', '=', renterId)
    .execute();
}

async function disputed(lender: TestMember, reportId: number) {
  await json(
    lender.request(`/api/reports/${reportId}/answer`, {
      method: 'POST',
      json: { answer: 'dispute', note: 'It left me spotless' },
    }),
  );
}

describe(`problem reports (${process.env.TEST_DIALECT})`, () => {
  it('is refused after the window with the reason, without photos, to anyone but the renter; one open report per rental', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff });
    expect((await report(lender, stained(rentalId))).status).toBe(404);
    expect((await report(renter, stained(rentalId), 0)).status).toBe(400);
    const notArrived = await report(renter, { rentalId, reason: 'not_arrived', note: 'It never came to me' });
    expect(notArrived.status).toBe(400);

    now = later(48.1);
    const late = await report(renter, stained(rentalId));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/within 48 hours/);
    const page = await json<RentalReports>(renter.request(`/api/reports/rentals/${rentalId}`));
    expect(page.refusal).toMatch(/within 48 hours/);

    now = later(47.9);
    const [a, b] = await Promise.all([report(renter, stained(rentalId)), report(renter, stained(rentalId))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await t.ctx.database.db
      .selectFrom('problem_reports')
      .select('status')
      .where('rental_id', '=', rentalId)
      .execute();
    expect(rows).toEqual([{ status: 'open' }]);
    expect((await json<RentalReports>(lender.request(`/api/reports/rentals/${rentalId}`))).role).toBe('lender');
  });

  for (const outcome of ['full_refund', 'partial_refund', 'rejected'] as const) {
    it(`${outcome}: the earning is held while open, then the refund and the lender's payout adjusted; audited; both told`, async () => {
      const { t, staff } = env;
      now = new Date(START);
      const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
      await json(lender.request('/api/payouts/account', { method: 'PUT', json: ACCOUNT }));
      now = later(47);
      const r = await json<Report>(report(renter, stained(rentalId), 2), 201);
      expect(r).toMatchObject({ status: 'open', houseItem: false, photos: [expect.anything(), expect.anything()] });
      expect((await renter.request(r.photos[0]!.url)).status).toBe(200);
      expect((await staff.request(r.photos[0]!.url)).status).toBe(200);
      expect((await (await t.signUp()).request(r.photos[0]!.url)).status).toBe(404);

      // Staff wait for the lender's answer first.
      const resolve = (body: unknown) =>
        staff.request(`/api/ops/reports/${r.id}/resolve`, { method: 'POST', json: body });
      expect((await resolve({ outcome: 'rejected', note: 'Too early here' })).status).toBe(409);
      await disputed(lender, r.id);

      // The earning would be available two days after the return, but the open report holds it.
      now = later(49);
      let st = await json<Statement>(lender.request('/api/payouts/statement'));
      expect(st).toMatchObject({ availableCents: 0, pendingCents: 700 });
      expect(st.lines.find((l) => l.kind === 'earning')?.status).toBe('Held: problem report open');
      expect((await lender.request('/api/payouts', { method: 'POST' })).status).toBe(409);

      expect(
        (await resolve({ outcome: 'partial_refund', amountCents: 1_000, note: 'Not less than paid' })).status,
      ).toBe(400);
      const body =
        outcome === 'full_refund'
          ? { outcome, note: 'The photos show the stain' }
          : outcome === 'partial_refund'
            ? { outcome, amountCents: 400, note: 'A small stain: part refunded' }
            : { outcome, note: 'The stain is not on the photos' };
      const desk = await json<DeskReport>(resolve(body));
      const refund = outcome === 'full_refund' ? 1_000 : outcome === 'partial_refund' ? 400 : 0;
      const deduction = outcome === 'full_refund' ? 700 : outcome === 'partial_refund' ? 280 : 0;
      expect(desk).toMatchObject({
        status: outcome === 'rejected' ? 'rejected' : 'refunded',
        outcome,
        refundCents: refund,
        refundStatus: refund ? 'refunded' : null,
      });
      expect((await refundsOf(renter.id)).map((e) => [e.kind, e.amount_cents, e.status])).toEqual(
        refund ? [['refund', refund, 'succeeded']] : [],
      );
      st = await json<Statement>(lender.request('/api/payouts/statement'));
      expect(st.availableCents).toBe(700 - deduction);
      if (deduction) expect(st.lines.find((l) => l.kind === 'report')?.netCents).toBe(-deduction);
      if (700 - deduction > 0) {
        const payout = await json<{ amountCents: number }>(lender.request('/api/payouts', { method: 'POST' }), 201);
        expect(payout.amountCents).toBe(700 - deduction);
      }
      // Resolved once.
      expect((await resolve({ outcome: 'full_refund', note: 'Once more please' })).status).toBe(409);

      const db = t.ctx.database.db;
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('subject_type', '=', 'report')
        .where('subject_id', '=', String(r.id))
        .execute();
      expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['report.resolve', staff.id]]);
      const notes = await db
        .selectFrom('notifications')
        .select(['user_id', 'kind'])
        .where('subject_type', '=', 'report')
        .where('subject_id', '=', String(r.id))
        .execute();
      expect(notes.map((n) => `${n.kind}:${n.user_id === lender.id ? 'lender' : 'renter'}`).sort()).toEqual([
        'problem_disputed:renter',
        'problem_reported:lender',
        'problem_reported:renter',
        'problem_resolved:lender',
        'problem_resolved:renter',
      ]);
      const page = await json<RentalReports>(renter.request(`/api/reports/rentals/${rentalId}`));
      expect(page.reports[0]).toMatchObject({ status: desk.status, refundCents: refund });
      // A rental refunded in full cannot be reported again (nothing is left to refund); after a
      // partial refund or a rejection, within the window, it can. (The clock back inside her window.)
      now = later(47);
      const inWindow = await json<RentalReports>(renter.request(`/api/reports/rentals/${rentalId}`));
      expect(inWindow.refusal).toBe(outcome === 'full_refund' ? REPORT_MESSAGES.refundedInFull : null);
      const again = await report(renter, stained(rentalId));
      expect(again.status).toBe(outcome === 'full_refund' ? 409 : 201);
      if (outcome === 'full_refund')
        expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
          REPORT_MESSAGES.refundedInFull,
        );
    });
  }

  it("the lender's accept refunds her in full at once", async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    const r = await json<Report>(
      report(renter, { rentalId, reason: 'wrong_size', note: 'It is a size too small' }),
      201,
    );
    expect(
      (
        await renter.request(`/api/reports/${r.id}/answer`, {
          method: 'POST',
          json: { answer: 'accept', note: 'Fine by me' },
        })
      ).status,
    ).toBe(403);
    const accepted = await json<Report>(
      lender.request(`/api/reports/${r.id}/answer`, {
        method: 'POST',
        json: { answer: 'accept', note: 'Sorry about that' },
      }),
    );
    expect(accepted).toMatchObject({ status: 'refunded', outcome: 'full_refund', refundCents: 1_000 });
    expect((await refundsOf(renter.id)).map((e) => e.amount_cents)).toEqual([1_000]);
  });

  it('two resolutions at once: one wins, one refund', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    const r = await json<Report>(report(renter, stained(rentalId)), 201);
    await disputed(lender, r.id);
    const other = await (await import('../../test/staff')).makeStaff(t);
    const results = await Promise.all([
      staff.request(`/api/ops/reports/${r.id}/resolve`, {
        method: 'POST',
        json: { outcome: 'full_refund', note: 'Refund in full' },
      }),
      other.request(`/api/ops/reports/${r.id}/resolve`, {
        method: 'POST',
        json: { outcome: 'partial_refund', amountCents: 300, note: 'Refund in part' },
      }),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    const refunds = await refundsOf(renter.id);
    expect(refunds).toHaveLength(1);
    const row = await t.ctx.database.db
      .selectFrom('problem_reports')
      .select(['refund_cents', 'lender_deduction_cents'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(refunds[0]!.amount_cents).toBe(row.refund_cents);
    expect(row.lender_deduction_cents).toBe(row.refund_cents === 1_000 ? 700 : 210);
  });

  it('a report racing a payout: the earning is held or paid once, and the refund is taken from her payouts once', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    await json(lender.request('/api/payouts/account', { method: 'PUT', json: ACCOUNT }));
    // The last moment of her window is the first of the earning's availability.
    now = later(48);
    const [payout, opened] = await Promise.all([
      lender.request('/api/payouts', { method: 'POST' }),
      report(renter, stained(rentalId)),
    ]);
    expect(opened.status).toBe(201);
    expect([201, 200, 409]).toContain(payout.status);
    const r = (await opened.json()) as Report;
    const paidFirst = payout.status < 300;
    let st = await json<Statement>(lender.request('/api/payouts/statement'));
    expect(st.lines.find((l) => l.kind === 'earning')?.status).toBe(
      paidFirst ? 'Paid out' : 'Held: problem report open',
    );
    await disputed(lender, r.id);
    await json(
      staff.request(`/api/ops/reports/${r.id}/resolve`, {
        method: 'POST',
        json: { outcome: 'full_refund', note: 'The photos show it' },
      }),
    );
    st = await json<Statement>(lender.request('/api/payouts/statement'));
    // Paid first: she owes the 700 back from her next payouts; held: nothing is left to pay.
    expect(st.availableCents).toBe(paidFirst ? -700 : 0);
    expect(st.paidOutCents + st.availableCents).toBe(0);
    expect((await lender.request('/api/payouts', { method: 'POST' })).status).toBe(409);
  });

  it("a house piece not arrived: reported from its start day for 48 hours, resolved by staff at once; no lender's payout", async () => {
    const { t, staff } = env;
    now = new Date(START);
    const renter = await readyToRent(await t.signUp());
    const itemId = await makeTestItem(t.ctx.database.db, { priceCents: 2_000 });
    const rental = await json<{ id: number; startDate: string }>(
      renter.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }),
      201,
    );
    await dispatchRental(staff, rental.id);
    const lost = { rentalId: rental.id, reason: 'not_arrived', note: 'The courier never came to me' };
    // A stain cannot be reported on a piece she has not received.
    expect((await report(renter, stained(rental.id))).status).toBe(400);
    const startsAt = new Date(t.ctx.dayStartsAt(rental.startDate)).getTime();
    now = new Date(startsAt + 48 * 3_600_000 + 60_000);
    const late = await report(renter, lost, 0);
    expect(late.status).toBe(409);
    now = new Date(startsAt + 47 * 3_600_000);
    const r = await json<Report>(report(renter, lost, 0), 201);
    expect(r).toMatchObject({ houseItem: true, status: 'open', photos: [] });
    const desk = await json<{ reports: DeskReport[] }>(staff.request('/api/ops/reports'));
    expect(desk.reports.find((d) => d.id === r.id)).toMatchObject({ decidable: true, lender: null });
    const paid = desk.reports.find((d) => d.id === r.id)!.paidCents;
    expect(paid).toBeGreaterThan(0);
    const resolved = await json<DeskReport>(
      staff.request(`/api/ops/reports/${r.id}/resolve`, {
        method: 'POST',
        json: { outcome: 'full_refund', note: 'Lost by the courier: refunded' },
      }),
    );
    expect(resolved).toMatchObject({ status: 'refunded', refundCents: paid, refundStatus: 'refunded' });
    expect((await refundsOf(renter.id)).map((e) => e.amount_cents)).toEqual([paid]);
  });
});
