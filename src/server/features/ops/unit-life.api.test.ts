import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage, CheckInInput, DeskRental, TodayBoard, UnitDetail, UnitList } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { makeJpeg } from '../listings/listings.test-helpers';

/*
 * The unit's life at the desk on a real database (SQLite here, PostgreSQL in api-postgres), with
 * a clock the tests move: dispatch, the member's receipt and return, check-in with a grade and a
 * late fee charged once through the payment provider, the cleaning window in availability,
 * repair, retirement, the hold of overdue units, and check-in photos.
 */

let now = new Date('2026-12-01T09:00:00Z');
let t: TestApp;
let staff: TestMember;
let colleague: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now, env: { jobRetryDelaySeconds: 0 } });
  staff = await makeStaff(t, { fullName: 'Sol Staff' });
  colleague = await makeStaff(t, { fullName: 'Cas Colleague' });
});
afterAll(async () => {
  await t?.close();
});

const day = (iso: string) => {
  now = new Date(`${iso}T09:00:00Z`);
};

let counter = 0;
/** A house piece with `units` units of size M (retail $600, weekly $29.99 unless said). */
async function makeItem(opts: { units?: number; weeklyCents?: number; retailCents?: number } = {}): Promise<number> {
  counter += 1;
  const { db } = t.ctx.database;
  const { id } = await db
    .insertInto('items')
    .values({
      slug: null,
      name: `Life Gown ${counter}`,
      brand: 'Erdem',
      category: 'Dresses',
      gender: 'Women',
      sizes: JSON.stringify(['M']),
      colour: 'green',
      tags: '',
      retail_price_cents: opts.retailCents ?? 60_000,
      rental_price_cents: opts.weeklyCents ?? 2_999,
      rating: 4.5,
      review_count: 3,
      rental_count: 0,
      is_new: 0,
      description: 'A gown for the life of a unit.',
      materials: null,
      care_instructions: null,
      owner_id: null,
      status: 'active',
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let n = 1; n <= (opts.units ?? 1); n += 1)
    await db.insertInto('item_units').values({ item_id: id, size: 'M', unit_no: n }).execute();
  return id;
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}

/** A member ready to book pay per item (decision 0030): a card on file, a delivery address, delivery chosen. */
const renter = async (opts?: { fullName?: string }) => readyToRent(await t.signUp(opts));
const book = (m: TestMember, body: Record<string, unknown>) =>
  m.request('/api/rentals', { method: 'POST', json: { size: 'M', ...body } });
const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '08',
  expiryYear: '2031',
  cvv: '123',
  cardholderName: 'Lola Late',
  billingAddress: { street: '1 Slow Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};
const checkIn = (who: TestMember, code: string, body: CheckInInput) =>
  who.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: body });
const unitOf = async (rentalId: number) =>
  (await json<DeskRental>(staff.request(`/api/ops/rentals/${rentalId}`))).unitCode;
const browse = async (from: string, to: string) =>
  (await json<{ items: { id: number }[] }>(t.request(`/api/items?size=M&from=${from}&to=${to}&limit=48`))).items.map(
    (i) => i.id,
  );

describe(`the unit's life (${process.env.TEST_DIALECT})`, () => {
  it('rents, dispatches, is received, sent back, checked in as good; not bookable in its cleaning window, bookable after it', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const ana = await renter({ fullName: 'Ana Renter' });
    const bea = await renter({ fullName: 'Bea Next' });
    const rental = await json<Rental>(book(ana, { itemId }), 201);
    expect(rental).toMatchObject({ status: 'reserved', handoff: 'delivery', returnDate: '2026-12-08' });

    // Staff send it: the member's rental is on its way, and she is told once.
    const sent = await json<DeskRental>(staff.request(`/api/ops/rentals/${rental.id}/dispatch`, { method: 'POST' }));
    expect(sent).toMatchObject({ status: 'dispatched', unitState: 'dispatched', dispatchedAt: expect.any(String) });
    const dispatchedNote = await t.ctx.database.db
      .selectFrom('notifications')
      .select(['kind', 'title'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(dispatchedNote).toEqual([{ kind: 'rental_dispatched', title: `${sent.itemName} is on its way` }]);

    // She marks it received (once).
    expect((await json<Rental>(ana.request(`/api/rentals/${rental.id}/received`, { method: 'POST' }))).status).toBe(
      'out',
    );
    expect((await ana.request(`/api/rentals/${rental.id}/received`, { method: 'POST' })).status).toBe(409);
    const code = sent.unitCode;
    expect((await json<UnitDetail>(staff.request(`/api/ops/units/${code}`))).state).toBe('with_member');

    // On her return date she sends it back: the rental shows as sent back, the unit is still held.
    day('2026-12-08');
    const back = await json<Rental>(ana.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    expect(back).toMatchObject({ status: 'returning', cancelled: false, checkedInAt: null, late: null });
    expect((await json<{ rentals: Rental[] }>(ana.request('/api/rentals'))).rentals.map((r) => r.id)).toContain(
      rental.id,
    );
    expect((await ana.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(409);
    expect((await ana.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' })).status).toBe(409);

    // Checked in as good the same day: into cleaning, held for two days.
    const result = await json<{ unit: UnitDetail; rental: DeskRental }>(
      checkIn(staff, code.toLowerCase().replace('-', ''), { condition: 'good', note: 'Hem fine' }),
    );
    expect(result.unit).toMatchObject({
      state: 'cleaning',
      condition: 'good',
      heldUntil: '2026-12-10',
      note: 'Hem fine',
    });
    expect(result.rental).toMatchObject({ status: 'returned', daysLate: 0, lateFeeCents: 0, lateFeeStatus: null });
    expect((await json<Rental>(ana.request(`/api/rentals/${rental.id}`))).status).toBe('returned');
    expect((await json<{ rentals: Rental[] }>(ana.request('/api/rentals'))).rentals.map((r) => r.id)).not.toContain(
      rental.id,
    );

    // Returned today: not bookable for tomorrow (nor until its cleaning window and shipping day have passed).
    const refused = await book(bea, { itemId, startDate: '2026-12-09', endDate: '2026-12-16' });
    expect(refused.status).toBe(409);
    expect(
      ((await refused.json()) as { error: { code: string; details: { nextFreeDate: string } } }).error,
    ).toMatchObject({ code: 'SOLD_OUT', details: { nextFreeDate: '2026-12-11' } });
    expect((await book(bea, { itemId, startDate: '2026-12-10', endDate: '2026-12-17' })).status).toBe(409);
    expect(await browse('2026-12-09', '2026-12-16')).not.toContain(itemId);
    expect(await browse('2026-12-11', '2026-12-18')).toContain(itemId);
    const avail = await json<{ sizes: { available: boolean; nextFreeDate: string }[] }>(
      t.request(`/api/items/${itemId}/availability?from=2026-12-09&to=2026-12-16`),
    );
    expect(avail.sizes[0]).toMatchObject({ available: false, nextFreeDate: '2026-12-11' });
    // After the window: bookable.
    expect((await book(bea, { itemId, startDate: '2026-12-11', endDate: '2026-12-18' })).status).toBe(201);

    // The desk wrote each step to the audit log.
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?subjectType=unit&subjectId=${code}`));
    expect(audit.entries.map((e) => e.action)).toEqual(['unit.check_in']);
    expect(audit.entries[0]).toMatchObject({
      actor: { email: staff.email },
      before: { unitState: 'returned' },
      after: { unitState: 'cleaning', condition: 'good', lateFeeCents: 0 },
    });
    const dispatched = await json<AuditPage>(
      staff.request(`/api/ops/audit?action=rental.dispatch&subjectId=${rental.id}`),
    );
    expect(dispatched.entries).toHaveLength(1);
  });

  it("'cleaning done' puts the unit back on the shelf and it is bookable at once", async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId }), 201);
    await dispatchRental(staff, rental.id);
    const code = await unitOf(rental.id);
    day('2026-12-08');
    await json(checkIn(staff, code, { condition: 'as_new' }));
    const next = await renter();
    expect((await book(next, { itemId, startDate: '2026-12-09', endDate: '2026-12-16' })).status).toBe(409);
    const cleaning = await json<UnitList>(staff.request('/api/ops/units?state=cleaning'));
    expect(cleaning.units.map((u) => u.code)).toContain(code);
    const done = await json<UnitDetail>(staff.request(`/api/ops/units/${code}/cleaning-done`, { method: 'POST' }));
    expect(done).toMatchObject({ state: 'available', heldUntil: null });
    expect((await staff.request(`/api/ops/units/${code}/cleaning-done`, { method: 'POST' })).status).toBe(409);
    expect((await book(next, { itemId, startDate: '2026-12-09', endDate: '2026-12-16' })).status).toBe(201);
  });

  it('dispatches once when two staff click at the same time: one dispatch, one audit entry, one notice', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId }), 201);
    const statuses = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? staff : colleague).request(`/api/ops/rentals/${rental.id}/dispatch`, { method: 'POST' }),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, ...Array(9).fill(409)]);
    const { db } = t.ctx.database;
    expect(
      await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'rental.dispatch')
        .where('subject_id', '=', String(rental.id))
        .execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom('notifications')
        .select('id')
        .where('kind', '=', 'rental_dispatched')
        .where('subject_id', '=', String(rental.id))
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses to dispatch before the shipping day, a cancelled reservation, or a unit that is not on the shelf', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const later = await json<Rental>(book(m, { itemId, startDate: '2026-12-05', endDate: '2026-12-12' }), 201);
    const early = await staff.request(`/api/ops/rentals/${later.id}/dispatch`, { method: 'POST' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { details: { holdsFrom: string } } }).error.details.holdsFrom).toBe(
      '2026-12-04',
    );
    day('2026-12-04');
    expect((await json<TodayBoard>(staff.request('/api/ops/today'))).toDispatch.map((r) => r.rentalId)).toContain(
      later.id,
    );
    await dispatchRental(staff, later.id);
    // Her next booking of another piece, cancelled before it left: nothing to dispatch.
    const other = await json<Rental>(book(m, { itemId: await makeItem() }), 201);
    expect(
      (await json<{ rental: Rental }>(m.request(`/api/rentals/${other.id}/cancel`, { method: 'POST' }))).rental.status,
    ).toBe('cancelled');
    expect((await staff.request(`/api/ops/rentals/${other.id}/dispatch`, { method: 'POST' })).status).toBe(409);
    expect((await staff.request('/api/ops/rentals/999999/dispatch', { method: 'POST' })).status).toBe(404);
  });

  it("her 'Return' and a check-in sent at the same time: one check-in, never an error, the unit and rental agree", async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId }), 201);
    await dispatchRental(staff, rental.id);
    const code = await unitOf(rental.id);
    day('2026-12-08');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })
          : checkIn(staff, code, { condition: 'good' }),
      ),
    );
    const checkIns = answers.filter((_, i) => i % 2 === 0).map((r) => r.status);
    const returns = answers.filter((_, i) => i % 2 === 1).map((r) => r.status);
    expect(checkIns.filter((s) => s === 200)).toHaveLength(1);
    expect(checkIns.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(returns.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(returns.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect((await json<UnitDetail>(staff.request(`/api/ops/units/${code}`))).state).toBe('cleaning');
    expect((await json<Rental>(m.request(`/api/rentals/${rental.id}`))).status).toBe('returned');
  });

  it('a studio pickup is ready at the studio, then handed over by staff (the member does not mark it)', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter({ fullName: 'Pia Pickup' });
    const studio = await t.ctx.database.db
      .selectFrom('studios')
      .select('id')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await json(m.request('/api/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studio.id } }));
    const rental = await json<Rental>(book(m, { itemId }), 201);
    expect(rental.handoff).toBe('pickup');
    const ready = await json<DeskRental>(staff.request(`/api/ops/rentals/${rental.id}/dispatch`, { method: 'POST' }));
    expect(ready).toMatchObject({ handoff: 'pickup', status: 'dispatched' });
    const note = await t.ctx.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(note.title).toBe(`${ready.itemName} is ready at the studio`);
    expect((await json<TodayBoard>(staff.request('/api/ops/today'))).awaitingPickup.map((r) => r.rentalId)).toContain(
      rental.id,
    );
    expect((await m.request(`/api/rentals/${rental.id}/received`, { method: 'POST' })).status).toBe(409);
    const handed = await json<DeskRental>(staff.request(`/api/ops/rentals/${rental.id}/hand-over`, { method: 'POST' }));
    expect(handed).toMatchObject({ status: 'out', unitState: 'with_member', receivedAt: expect.any(String) });
    expect((await staff.request(`/api/ops/rentals/${rental.id}/hand-over`, { method: 'POST' })).status).toBe(409);
  });
});

describe(`late returns (${process.env.TEST_DIALECT})`, () => {
  it('shows the member an overdue rental and the fee so far; check-in charges the capped fee once even when sent twice at once', async () => {
    day('2026-11-01');
    const weekly = 2_999;
    const itemId = await makeItem({ weeklyCents: weekly, retailCents: 60_000 });
    const lola = await renter({ fullName: 'Lola Late' });
    await json(lola.request('/api/payment-method', { method: 'PUT', json: CARD }));
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
    await json(m.request('/api/payment-method', { method: 'PUT', json: CARD }));
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
    await json(payer.request('/api/payment-method', { method: 'PUT', json: CARD }));
    const noCard = await renter();
    const declining = await renter();
    const paid = await json<Rental>(book(payer, { itemId }), 201);
    const unpaid = await json<Rental>(book(noCard, { itemId: await makeItem({ weeklyCents: 1_400 }) }), 201);
    const refused = await json<Rental>(book(declining, { itemId: await makeItem({ weeklyCents: 1_400 }) }), 201);
    // After booking (which takes a card: decision 0030), one has no card on file any more, and one
    // a card accepted on file whose charges are all declined (the provider's test card).
    await t.ctx.database.db.deleteFrom('payment_methods').where('user_id', '=', noCard.id).execute();
    await json(
      declining.request('/api/payment-method', { method: 'PUT', json: { ...CARD, cardNumber: '4000 0000 0000 0341' } }),
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
    await json(m.request('/api/payment-method', { method: 'PUT', json: CARD }));
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
    now = new Date('2026-11-11T09:05:00Z');
    await t.services.payments.recover({ olderThanMs: 0 });
    now = new Date('2026-11-11T09:10:00Z');
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

describe(`repair, retirement and check-in photos (${process.env.TEST_DIALECT})`, () => {
  it('sends a damaged unit to repair (never straight to cleaning): not bookable until repaired and cleaned', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId }), 201);
    await dispatchRental(staff, rental.id);
    const code = await unitOf(rental.id);
    day('2026-12-08');
    const wrong = await checkIn(staff, code, { condition: 'damaged', to: 'cleaning' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe('to');
    const repaired = await json<{ unit: UnitDetail }>(
      checkIn(staff, code, { condition: 'damaged', note: 'Torn seam' }),
    );
    expect(repaired.unit).toMatchObject({ state: 'repair', condition: 'damaged' });
    const other = await renter();
    // In repair: not bookable for any date.
    expect((await book(other, { itemId, startDate: '2027-02-01', endDate: '2027-02-08' })).status).toBe(409);
    expect(await browse('2027-02-01', '2027-02-08')).not.toContain(itemId);
    expect((await staff.request(`/api/ops/units/${code}/cleaning-done`, { method: 'POST' })).status).toBe(409);
    day('2026-12-12');
    expect(
      (
        await json<UnitDetail>(
          staff.request(`/api/ops/units/${code}/repair-done`, { method: 'POST', json: { note: 'Seam resewn' } }),
        )
      ).state,
    ).toBe('cleaning');
    expect((await book(other, { itemId, startDate: '2026-12-14', endDate: '2026-12-21' })).status).toBe(409);
    await json(staff.request(`/api/ops/units/${code}/cleaning-done`, { method: 'POST' }));
    expect((await book(other, { itemId, startDate: '2026-12-14', endDate: '2026-12-21' })).status).toBe(201);
  });

  it('retires a unit for good: its reservation moves to another unit; refused while the unit is out', async () => {
    day('2026-12-01');
    const itemId = await makeItem({ units: 2 });
    const m = await renter();
    const out = await json<Rental>(book(m, { itemId }), 201);
    await dispatchRental(staff, out.id);
    const outCode = await unitOf(out.id);
    expect(
      (await staff.request(`/api/ops/units/${outCode}/retire`, { method: 'POST', json: { reason: 'Worn out' } }))
        .status,
    ).toBe(409);
    // A reservation in January takes unit 1 (free by then, the first in order); unit 2 is retired.
    const later = await json<Rental>(
      book(await renter(), { itemId, startDate: '2027-01-10', endDate: '2027-01-17' }),
      201,
    );
    const laterCode = await unitOf(later.id);
    expect(laterCode).toBe(outCode); // unit 1 is free then too: the first in order
    const spare = (
      await t.ctx.database.db
        .selectFrom('item_units')
        .select('id')
        .where('item_id', '=', itemId)
        .where('unit_no', '=', 2)
        .executeTakeFirstOrThrow()
    ).id;
    const spareCode = `RT-${String(spare).padStart(6, '0')}`;
    const retired = await json<UnitDetail>(
      staff.request(`/api/ops/units/${spareCode}/retire`, {
        method: 'POST',
        json: { reason: 'Stain that will not come out' },
      }),
    );
    expect(retired.state).toBe('retired');
    expect(
      (await staff.request(`/api/ops/units/${spareCode}/retire`, { method: 'POST', json: { reason: 'again' } })).status,
    ).toBe(409);
    // Never bookable again: with unit 1 taken in January, nothing is free for those dates.
    expect((await book(await renter(), { itemId, startDate: '2027-01-10', endDate: '2027-01-17' })).status).toBe(409);
    const inventory = await json<{ items: { id: number; sizes: { units: number }[] }[] }>(
      staff.request(`/api/ops/inventory?q=${encodeURIComponent('Life Gown')}`),
    );
    expect(inventory.items.find((i) => i.id === itemId)!.sizes[0]!.units).toBe(1);
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=unit.retire&subjectId=${spareCode}`));
    expect(audit.entries[0]).toMatchObject({ after: { unitState: 'retired', reason: 'Stain that will not come out' } });
    // The last unit of a size retired: the piece no longer offers the size.
    const lone = await makeItem();
    const loneUnit = (
      await t.ctx.database.db
        .selectFrom('item_units')
        .select('id')
        .where('item_id', '=', lone)
        .executeTakeFirstOrThrow()
    ).id;
    await json(
      staff.request(`/api/ops/units/RT-${loneUnit}/retire`, { method: 'POST', json: { reason: 'Lost in transit' } }),
    );
    expect((await json<{ sizes: string[] }>(t.request(`/api/items/${lone}`))).sizes).toEqual([]);
    expect((await book(await renter(), { itemId: lone })).status).toBe(400);
  });

  it('retiring a unit while members book it: a booking either comes first (and the retirement names it as left on the unit) or is refused', async () => {
    day('2026-12-01');
    const { db } = t.ctx.database;
    for (let trial = 0; trial < 6; trial += 1) {
      const itemId = await makeItem();
      const unitId = (
        await db.selectFrom('item_units').select('id').where('item_id', '=', itemId).executeTakeFirstOrThrow()
      ).id;
      const members = await Promise.all([renter(), renter()]);
      const retire = () =>
        staff.request(`/api/ops/units/RT-${unitId}/retire`, { method: 'POST', json: { reason: 'Race retirement' } });
      const books = () => members.map((m) => book(m, { itemId, startDate: '2026-12-10', endDate: '2026-12-17' }));
      const answers = await Promise.all(trial % 2 ? [...books(), retire()] : [retire(), ...books()]);
      expect(
        answers.map((r) => r.status).every((st) => [200, 201, 409, 400].includes(st)),
        answers.map((r) => r.status).join(),
      ).toBe(true);
      const held = await db
        .selectFrom('rentals')
        .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
        .select('rentals.id')
        .where('rentals.unit_id', '=', unitId)
        .where('bookings.released_at', 'is', null)
        .execute();
      const entry = await db
        .selectFrom('audit_log')
        .select('after_json')
        .where('action', '=', 'unit.retire')
        .where('subject_id', '=', `RT-${String(unitId).padStart(6, '0')}`)
        .executeTakeFirstOrThrow();
      const stranded = (JSON.parse(entry.after_json!) as { strandedReservations: number[] }).strandedReservations;
      expect(held.map((r) => r.id).sort(), `trial ${trial}`).toEqual([...stranded].sort());
      expect(held.length).toBeLessThanOrEqual(1);
    }
  });

  it('moves the reservations of a unit sent to repair to another free unit', async () => {
    day('2026-12-01');
    const itemId = await makeItem({ units: 2 });
    const m = await renter();
    const res = await json<Rental>(book(m, { itemId, startDate: '2026-12-20', endDate: '2026-12-27' }), 201);
    const code = await unitOf(res.id);
    const unit = await json<UnitDetail>(
      staff.request(`/api/ops/units/${code}/repair`, { method: 'POST', json: { note: 'Loose button' } }),
    );
    expect(unit).toMatchObject({ state: 'repair', nextRental: null });
    expect(await unitOf(res.id)).not.toBe(code);
  });

  it('takes check-in photos like listing photos (content, size, count), once the rental is checked in', async () => {
    day('2026-12-01');
    const itemId = await makeItem();
    const m = await renter();
    const rental = await json<Rental>(book(m, { itemId }), 201);
    const form = (files: { data: Buffer | Uint8Array; name: string; type: string }[]) => {
      const f = new FormData();
      for (const file of files)
        f.append('photos', new File([new Uint8Array(file.data)], file.name, { type: file.type }));
      return f;
    };
    const photo = await makeJpeg(400, 300);
    const url = `/api/ops/rentals/${rental.id}/condition-photos`;
    expect(
      (await staff.request(url, { method: 'POST', body: form([{ data: photo, name: 'a.jpg', type: 'image/jpeg' }]) }))
        .status,
    ).toBe(409);
    await dispatchRental(staff, rental.id);
    await json(checkIn(staff, await unitOf(rental.id), { condition: 'needs_repair', note: 'Zip sticks' }));
    expect(
      (
        await staff.request(url, {
          method: 'POST',
          body: form([{ data: Buffer.from('not an image at all, just text'), name: 'x.jpg', type: 'image/jpeg' }]),
        })
      ).status,
    ).toBe(415);
    const five = Array.from({ length: 5 }, (_, i) => ({ data: photo, name: `p${i}.jpg`, type: 'image/jpeg' }));
    expect((await staff.request(url, { method: 'POST', body: form(five) })).status).toBe(400);
    const { photos } = await json<{ photos: { url: string }[] }>(
      staff.request(url, { method: 'POST', body: form([{ data: photo, name: 'a.jpg', type: 'image/jpeg' }]) }),
    );
    expect(photos).toHaveLength(1);
    const got = await staff.request(photos[0]!.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect((await m.request(photos[0]!.url)).status).toBe(403);
    const unit = await json<UnitDetail>(staff.request(`/api/ops/units/${await unitOf(rental.id)}`));
    expect(unit.conditionPhotos).toHaveLength(1);
  });

  it('answers 404 for a code no unit has, and 400 for text that is no code', async () => {
    expect((await staff.request('/api/ops/units/RT-999999')).status).toBe(404);
    expect((await staff.request('/api/ops/units/hello')).status).toBe(400);
    expect((await checkIn(staff, 'RT-999999', { condition: 'good' })).status).toBe(404);
    expect(
      (await staff.request('/api/ops/units/RT-1/check-in', { method: 'POST', json: { condition: 'ruined' } })).status,
    ).toBe(400);
  });
});
