import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage, DeskRental, TodayBoard } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { dispatchRental } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { CARD, json, unitLifeTestApp } from './unit-life.test-helpers';

/*
 * The unit's life at the desk, late returns: the overdue rental and its fee, charged once at
 * check-in, waived by staff (refunded when charged), and the overdue unit held day by day (the
 * setup: unit-life.test-helpers.ts).
 */

const u = unitLifeTestApp();
const { day, makeItem, renter, book, checkIn, unitOf } = u;
let t: TestApp;
let staff: TestMember;
let colleague: TestMember;
beforeAll(() => {
  ({ t, staff, colleague } = u);
});

describe(`late returns (${process.env.TEST_DIALECT})`, () => {
  it('shows the member an overdue rental and the fee so far; check-in charges the capped fee once even when sent twice at once', async () => {
    day('2026-11-01');
    const weekly = 2_999;
    const itemId = await makeItem({ weeklyCents: weekly, retailCents: 60_000 });
    const lola = await renter({ fullName: 'Lola Late' });
    await json(lola.request('/api/plans/payment-method', { method: 'PUT', json: CARD }));
    const rental = await json<Rental>(book(lola, { itemId }), 201);
    await dispatchRental(staff, rental.id);
    const code = await unitOf(rental.id);

    // Three days after her return date (2026-11-08): overdue, 3 x ceil(2999 / 7).
    day('2026-11-11');
    const overdue = await json<Rental>(lola.request(`/api/rentals/${rental.id}`));
    expect(overdue).toMatchObject({
      status: 'overdue',
      late: { days: 3, feeCents: 3 * 429, perDayCents: 429, capCents: 3 * weekly, status: 'accruing' },
    });

    // Thirty days late: the fee stops at three weeks' price.
    day('2026-12-08');
    expect((await json<Rental>(lola.request(`/api/rentals/${rental.id}`))).late).toMatchObject({
      days: 30,
      feeCents: 3 * weekly,
    });
    const charge = vi.spyOn(t.services.payments.provider, 'charge');
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => checkIn(i % 2 ? staff : colleague, code, { condition: 'good' })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(charge).toHaveBeenCalledTimes(1);
      expect(charge.mock.calls[0]![0]).toMatchObject({
        amountCents: 3 * weekly,
        idempotencyKey: `late_fee:rental:${rental.id}`,
      });
      // The payments recovery (decision 0029) finds it settled and asks the provider nothing more.
      await t.services.payments.recover({ olderThanMs: 0 });
      expect(charge).toHaveBeenCalledTimes(1);
    } finally {
      charge.mockRestore();
    }
    const { db } = t.ctx.database;
    const row = await db
      .selectFrom('rentals')
      .select(['late_days', 'late_fee_cents', 'late_fee_status', 'late_fee_entry_id'])
      .where('id', '=', rental.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ late_days: 30, late_fee_cents: 3 * weekly, late_fee_status: 'charged' });
    // One entry in the payments ledger: the late fee, charged to her card, settled.
    const ledger = await db
      .selectFrom('payment_ledger')
      .selectAll()
      .where('rental_id', '=', rental.id)
      .where('purpose', '=', 'late_fee')
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      id: row.late_fee_entry_id,
      purpose: 'late_fee',
      kind: 'charge',
      amount_cents: 3 * weekly,
      status: 'succeeded',
      card_last_four: '4242',
      user_id: lola.id,
    });
    expect(ledger[0]!.provider_ref).toMatch(/^sim_ch_/);
    expect(ledger[0]!.settled_at).not.toBeNull();
    expect((await json<Rental>(lola.request(`/api/rentals/${rental.id}`))).late).toMatchObject({
      days: 30,
      feeCents: 3 * weekly,
      status: 'charged',
    });
    const entries = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'unit.check_in')
      .where('subject_id', '=', code)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('counts late days to the day she sent it back, not to check-in', async () => {
    day('2026-11-01');
    const itemId = await makeItem({ weeklyCents: 700 });
    const m = await renter();
    await json(m.request('/api/plans/payment-method', { method: 'PUT', json: CARD }));
    const rental = await json<Rental>(book(m, { itemId }), 201);
    await dispatchRental(staff, rental.id);
    day('2026-11-10'); // two days late
    await json(m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    day('2026-11-14');
    expect((await json<Rental>(m.request(`/api/rentals/${rental.id}`))).late).toMatchObject({
      days: 2,
      feeCents: 200,
      status: 'accruing',
    });
    const res = await json<{ rental: DeskRental }>(checkIn(staff, await unitOf(rental.id), { condition: 'as_new' }));
    expect(res.rental).toMatchObject({ daysLate: 2, lateFeeCents: 200, lateFeeStatus: 'charged' });
  });

  it('staff waive a fee (audited): a charged one is refunded through the provider, an unpaid or declined one is simply waived; once', async () => {
    day('2026-11-01');
    const itemId = await makeItem({ weeklyCents: 1_400 });
    const payer = await renter();
    await json(payer.request('/api/plans/payment-method', { method: 'PUT', json: CARD }));
    const noCard = await renter();
    const declining = await renter();
    const paid = await json<Rental>(book(payer, { itemId }), 201);
    const unpaid = await json<Rental>(book(noCard, { itemId: await makeItem({ weeklyCents: 1_400 }) }), 201);
    const refused = await json<Rental>(book(declining, { itemId: await makeItem({ weeklyCents: 1_400 }) }), 201);
    // After booking (which takes a card: decision 0030), one has no card on file any more, and one
    // a card accepted on file whose charges are all declined (the provider's test card).
    await t.ctx.database.db.deleteFrom('payment_methods').where('user_id', '=', noCard.id).execute();
    await json(
      declining.request('/api/plans/payment-method', {
        method: 'PUT',
        json: { ...CARD, cardNumber: '4000 0000 0000 0341' },
      }),
    );
    for (const r of [paid, unpaid, refused]) await dispatchRental(staff, r.id);
    day('2026-11-10');
    await json(checkIn(staff, await unitOf(paid.id), { condition: 'good' }));
    const failed = await json<{ rental: DeskRental }>(checkIn(staff, await unitOf(unpaid.id), { condition: 'good' }));
    expect(failed.rental).toMatchObject({ lateFeeCents: 400, lateFeeStatus: 'failed' });
    const declined = await json<{ rental: DeskRental }>(
      checkIn(staff, await unitOf(refused.id), { condition: 'good' }),
    );
    expect(declined.rental).toMatchObject({ lateFeeCents: 400, lateFeeStatus: 'failed' });
    const { db } = t.ctx.database;
    expect(
      await db
        .selectFrom('rentals')
        .select('late_fee_error')
        .where('id', 'in', [unpaid.id, refused.id])
        .orderBy('id')
        .execute(),
    ).toEqual([{ late_fee_error: 'No card on file' }, { late_fee_error: expect.stringMatching(/declined/i) }]);

    expect(
      (await staff.request(`/api/ops/rentals/${paid.id}/late-fee/waive`, { method: 'POST', json: { reason: 'short' } }))
        .status,
    ).toBe(400);
    const refund = vi.spyOn(t.services.payments.provider, 'refund');
    try {
      const waived = await json<DeskRental>(
        staff.request(`/api/ops/rentals/${paid.id}/late-fee/waive`, {
          method: 'POST',
          json: { reason: 'Courier delay confirmed by the carrier.' },
        }),
      );
      expect(waived.lateFeeStatus).toBe('waived');
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund.mock.calls[0]![0]).toMatchObject({
        amountCents: 400,
        idempotencyKey: `late_fee_refund:rental:${paid.id}`,
      });
      expect(
        (
          await staff.request(`/api/ops/rentals/${paid.id}/late-fee/waive`, {
            method: 'POST',
            json: { reason: 'Courier delay confirmed by the carrier.' },
          })
        ).status,
      ).toBe(409);
      await json(
        staff.request(`/api/ops/rentals/${unpaid.id}/late-fee/waive`, {
          method: 'POST',
          json: { reason: 'First time late, goodwill gesture.' },
        }),
      );
      await json(
        staff.request(`/api/ops/rentals/${refused.id}/late-fee/waive`, {
          method: 'POST',
          json: { reason: 'Her bank is sorting out the card.' },
        }),
      );
      expect(refund).toHaveBeenCalledTimes(1);
    } finally {
      refund.mockRestore();
    }
    const ledger = await db
      .selectFrom('payment_ledger')
      .select(['kind', 'amount_cents', 'status', 'target_id', 'id'])
      .where('rental_id', '=', paid.id)
      .where('purpose', '=', 'late_fee')
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [e.kind, e.amount_cents, e.status])).toEqual([
      ['charge', 400, 'succeeded'],
      ['refund', 400, 'succeeded'],
    ]);
    expect(ledger[1]!.target_id).toBe(ledger[0]!.id);
    const row = await db
      .selectFrom('rentals')
      .select(['late_fee_status', 'late_fee_refund_entry_id'])
      .where('id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ late_fee_status: 'waived', late_fee_refund_entry_id: ledger[1]!.id });
    expect((await json<Rental>(payer.request(`/api/rentals/${paid.id}`))).late).toMatchObject({ status: 'waived' });
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=late_fee.waive&subjectId=${paid.id}`));
    expect(audit.entries[0]).toMatchObject({
      before: { lateFeeStatus: 'charged', lateFeeCents: 400 },
      after: { lateFeeStatus: 'waived', refund: true, refundEntry: ledger[1]!.id },
    });
  });

  it('a fee waived while its charge is still unanswered is refunded when the charge lands (the payments recovery)', async () => {
    day('2026-11-01');
    const m = await renter();
    await json(m.request('/api/plans/payment-method', { method: 'PUT', json: CARD }));
    const rental = await json<Rental>(book(m, { itemId: await makeItem({ weeklyCents: 700 }) }), 201);
    await dispatchRental(staff, rental.id);
    day('2026-11-11'); // three days late: 300
    const provider = t.services.payments.provider;
    const down = vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('connect ETIMEDOUT'));
    try {
      const res = await json<{ rental: DeskRental }>(checkIn(staff, await unitOf(rental.id), { condition: 'good' }));
      expect(res.rental).toMatchObject({ lateFeeCents: 300, lateFeeStatus: 'due' });
    } finally {
      down.mockRestore();
    }
    await json(
      staff.request(`/api/ops/rentals/${rental.id}/late-fee/waive`, {
        method: 'POST',
        json: { reason: 'Goodwill: first late return.' },
      }),
    );
    // A few minutes on, the recovery charges it (the provider was away), then gives it back.
    u.setNow(new Date('2026-11-11T09:05:00Z'));
    await t.services.payments.recover({ olderThanMs: 0 });
    u.setNow(new Date('2026-11-11T09:10:00Z'));
    await t.services.payments.recover({ olderThanMs: 0 });
    const { db } = t.ctx.database;
    const ledger = await db
      .selectFrom('payment_ledger')
      .select(['kind', 'status', 'amount_cents'])
      .where('rental_id', '=', rental.id)
      .where('purpose', '=', 'late_fee')
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'charge', status: 'succeeded', amount_cents: 300 },
      { kind: 'refund', status: 'succeeded', amount_cents: 300 },
    ]);
    expect((await json<Rental>(m.request(`/api/rentals/${rental.id}`))).late).toMatchObject({
      status: 'waived',
      feeCents: 300,
    });
  });

  it('keeps an overdue unit held day by day and moves the next reservation to another free unit', async () => {
    day('2026-11-01');
    const itemId = await makeItem({ units: 2 });
    const first = await renter();
    const r1 = await json<Rental>(book(first, { itemId }), 201); // unit 1, back 11-08, held to 11-10
    await dispatchRental(staff, r1.id);
    const second = await renter();
    const r2 = await json<Rental>(book(second, { itemId, startDate: '2026-11-11', endDate: '2026-11-18' }), 201);
    const { db } = t.ctx.database;
    const unitOfRental = async (id: number) =>
      (await db.selectFrom('rentals').select('unit_id').where('id', '=', id).executeTakeFirstOrThrow()).unit_id;
    const u1 = await unitOfRental(r1.id);
    expect(await unitOfRental(r2.id)).toBe(u1); // the first free unit in order
    // A third member takes the other unit for the same week.
    const third = await renter();
    const r3 = await json<Rental>(book(third, { itemId, startDate: '2026-11-12', endDate: '2026-11-19' }), 201);
    expect(await unitOfRental(r3.id)).not.toBe(u1);

    // r1 is not back on 11-09: its unit is held to 11-11 by the daily hold (run through the queue).
    day('2026-11-09');
    await t.ctx.jobs.send(QUEUES.overdueHold.name, {}, { singletonKey: 'hold' });
    await t.ctx.jobs.runDue([QUEUES.overdueHold.name]);
    const held = await db
      .selectFrom('bookings')
      .select('end_date')
      .where(
        'id',
        '=',
        (await db.selectFrom('rentals').select('booking_id').where('id', '=', r1.id).executeTakeFirstOrThrow())
          .booking_id,
      )
      .executeTakeFirstOrThrow();
    expect(held.end_date).toBe('2026-11-11');
    // r2 (ships 11-10) no longer fits unit 1 and the other unit is taken: it stays, and the desk sees its unit is not ready.
    expect(await unitOfRental(r2.id)).toBe(u1);
    // Once r3 is cancelled (before its start: 'Cancel', decision 0030), the next run moves r2 to the free unit.
    await json(third.request(`/api/rentals/${r3.id}/cancel`, { method: 'POST' }));
    day('2026-11-10');
    expect((await t.services.units.holdOverdueUnits()).moved).toBe(1);
    expect(await unitOfRental(r2.id)).not.toBe(u1);
    const board = await json<TodayBoard>(staff.request('/api/ops/today'));
    expect(board.toDispatch.find((r) => r.rentalId === r2.id)).toMatchObject({ unitReady: true });
    // Running it again changes nothing.
    expect(await t.services.units.holdOverdueUnits()).toEqual({ held: 0, moved: 0, stranded: 0 });
  });
});
