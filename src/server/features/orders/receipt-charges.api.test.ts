import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../domain/claims';
import type { DeskRental, TodayBoard, UnitDetail } from '../../../domain/ops';
import type { OrderList, OrderReceipt } from '../../../domain/orders';
import type { Rental } from '../../../domain/rentals';
import { makePng } from '../listings/listings.test-helpers';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { json, staffedTestApp } from '../../test/staffed-app';
import { dispatchRental } from '../../test/staff';
import type { TestMember } from '../../test/test-app';

/*
 * Everything charged is on her orders and receipts (the first customer's issue, item 5), on a real
 * database: a late fee worked out at check-in, its refund when staff waive it, and a damage claim
 * charged to her are recorded on the rental in the payments ledger, not on the order, and still
 * appear on her order and receipt with what they were for; nobody else sees them. And the backup
 * size she booked is in every read model that shows her rental (item 8): her rentals, orders and
 * receipt, the desk's dispatch board, the unit page (the backup unit's names the rental) and check-in.
 */

let now = new Date('2026-11-01T09:00:00Z');
const day = (iso: string) => {
  now = new Date(`${iso}T09:00:00Z`);
};
const env = staffedTestApp(() => now);

const book = (m: TestMember, body: Record<string, unknown>) =>
  m.request('/api/rentals', { method: 'POST', json: { size: 'M', ...body } });
const receiptOf = (m: TestMember, number: string) => json<OrderReceipt>(m.request(`/api/orders/${number}`));
const lineTexts = (r: { lines: OrderReceipt['lines'] }) =>
  r.lines.map((l) => [l.kind, l.purpose, l.label, l.description, l.amountCents, l.status]);

describe(`charges on her orders and receipts (${process.env.TEST_DIALECT})`, () => {
  it('a late fee and its refund when waived appear on her order and receipt with what they were for; only hers', async () => {
    const { t, staff } = env;
    day('2026-11-01');
    const itemId = await makeTestItem(t.ctx.database.db, { name: 'Late Velvet Blazer', priceCents: 1_400 });
    const lola = await readyToRent(await t.signUp({ fullName: 'Lola Late' }));
    const rental = await json<Rental>(book(lola, { itemId, startDate: '2026-11-01', endDate: '2026-11-08' }), 201);
    await dispatchRental(staff, rental.id);
    const code = (await json<DeskRental>(staff.request(`/api/ops/rentals/${rental.id}`))).unitCode;

    // Two days after her return date: 2 x ceil(1400 / 7) = $4.00, charged at check-in.
    day('2026-11-10');
    const checked = await json<{ rental: DeskRental }>(
      staff.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: { condition: 'good' } }),
    );
    expect(checked.rental).toMatchObject({ lateFeeCents: 400, lateFeeStatus: 'charged' });

    let receipt = await receiptOf(lola, rental.orderNumber!);
    expect(lineTexts(receipt)).toEqual([
      ['charge', 'booking', 'Rental', 'Rental: M, 2026-11-01 to 2026-11-08', 1_400, 'succeeded'],
      ['charge', 'late_fee', 'Late fee', 'Late return of Late Velvet Blazer: 2 days', 400, 'succeeded'],
    ]);
    expect(receipt).toMatchObject({ chargedCents: 1_800, refundedCents: 0 });
    expect(receipt.lines[1]!.reference).toMatch(/^sim_ch_/);

    // Staff waive it: the refund is on the receipt too, and the total paid is the rental's.
    await json(
      staff.request(`/api/ops/rentals/${rental.id}/late-fee/waive`, {
        method: 'POST',
        json: { reason: 'Courier delay confirmed by the carrier.' },
      }),
    );
    receipt = await receiptOf(lola, rental.orderNumber!);
    expect(lineTexts(receipt)[2]).toEqual([
      'refund',
      'late_fee',
      'Late fee refunded (waived)',
      'Refund (waived): Late return of Late Velvet Blazer: 2 days',
      400,
      'succeeded',
    ]);
    expect(receipt).toMatchObject({ chargedCents: 1_800, refundedCents: 400 });
    const listed = (await json<OrderList>(lola.request('/api/orders'))).orders.find(
      (o) => o.number === rental.orderNumber,
    )!;
    expect(listed).toMatchObject({ chargedCents: 1_800, refundedCents: 400 });
    expect(listed.lines.map((l) => l.label)).toEqual(['Rental', 'Late fee', 'Late fee refunded (waived)']);

    // Another member sees none of it, and her own late fee stays off Lola's order.
    const other = await readyToRent(await t.signUp({ fullName: 'Otto Other' }));
    expect((await other.request(`/api/orders/${rental.orderNumber}`)).status).toBe(404);
    expect((await json<OrderList>(other.request('/api/orders'))).orders).toEqual([]);
    day('2026-11-12');
    const hers = await json<Rental>(
      book(other, {
        itemId: await makeTestItem(t.ctx.database.db, { priceCents: 1_400 }),
        startDate: '2026-11-12',
        endDate: '2026-11-19',
      }),
      201,
    );
    await dispatchRental(staff, hers.id);
    day('2026-11-22');
    const hersCode = (await json<DeskRental>(staff.request(`/api/ops/rentals/${hers.id}`))).unitCode;
    await json(staff.request(`/api/ops/units/${hersCode}/check-in`, { method: 'POST', json: { condition: 'good' } }));
    expect((await receiptOf(other, hers.orderNumber!)).lines.map((l) => [l.label, l.amountCents])).toEqual([
      ['Rental', 1_400],
      ['Late fee', 600],
    ]);
    expect((await receiptOf(lola, rental.orderNumber!)).lines).toHaveLength(3);
  });

  it("a damage claim charged to the renter is on her order's receipt, not on the lender's orders", async () => {
    const { t, staff } = env;
    day('2026-11-20');
    const { lender, renter, rentalId } = await returnedMemberRental(t, {
      staff,
      priceCents: 1_000,
      name: 'Borrowed Silk Slip',
    });
    const rental = await json<Rental>(renter.request(`/api/rentals/${rentalId}`));
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({ rentalId, amountCents: 4_500, description: 'Red wine stain on the front panel' }),
    );
    form.append('photos', new File([new Uint8Array(await makePng(200, 240))], 'stain.png', { type: 'image/png' }));
    const res = await lender.request('/api/claims', { method: 'POST', body: form });
    const claim = await json<Claim>(res, 201);
    await json(
      staff.request(`/api/ops/claims/${claim.id}/uphold`, {
        method: 'POST',
        json: { note: 'The photos show the stain clearly' },
      }),
    );

    const receipt = await receiptOf(renter, rental.orderNumber!);
    expect(lineTexts(receipt)).toEqual([
      ['charge', 'lending_request', 'Rental', expect.stringContaining('Borrowed Silk Slip'), 1_000, 'succeeded'],
      ['charge', 'damage_claim', 'Damage claim', 'Damage claim upheld: Borrowed Silk Slip', 4_500, 'succeeded'],
    ]);
    expect(receipt).toMatchObject({ chargedCents: 5_500, refundedCents: 0 });
    // The lender placed no order; the renter's order is not hers to read.
    expect((await json<OrderList>(lender.request('/api/orders'))).orders).toEqual([]);
    expect((await lender.request(`/api/orders/${rental.orderNumber}`)).status).toBe(404);
  });
});

describe(`the backup size in the read models (${process.env.TEST_DIALECT})`, () => {
  it('is on her rental, order and receipt, and on the desk: dispatch board, unit page and check-in', async () => {
    const { t, staff } = env;
    day('2026-12-01');
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M', 'L'], name: 'Two Size Wrap Dress' });
    const m = await readyToRent(await t.signUp({ fullName: 'Bea Backup' }));
    const rental = await json<Rental>(
      book(m, { itemId, size: 'M', backupSize: 'L', startDate: '2026-12-02', endDate: '2026-12-09' }),
      201,
    );
    expect(rental.backupSize).toBe('L');
    expect(
      (await json<{ rentals: Rental[] }>(m.request('/api/rentals'))).rentals.find((r) => r.id === rental.id)
        ?.backupSize,
    ).toBe('L');
    const order = (await json<OrderList>(m.request('/api/orders'))).orders.find(
      (o) => o.number === rental.orderNumber,
    )!;
    expect(order.items[0]).toMatchObject({ size: 'M', backupSize: 'L' });
    expect((await receiptOf(m, rental.orderNumber!)).items[0]).toMatchObject({ size: 'M', backupSize: 'L' });

    // The desk: the dispatch card, the unit page and the check-in answer all name it, with its unit.
    const board = await json<TodayBoard>(staff.request('/api/ops/today'));
    const card = board.toDispatch.find((r) => r.rentalId === rental.id)!;
    expect(card.backup).toEqual({ size: 'L', unitCode: expect.stringMatching(/^RT-\d{6,}$/) });
    expect(card.backup!.unitCode).not.toBe(card.unitCode);
    await dispatchRental(staff, rental.id);
    const unit = await json<UnitDetail>(staff.request(`/api/ops/units/${card.unitCode}`));
    expect(unit.rental?.backup).toEqual(card.backup);
    expect(unit.backupOf).toBeNull();
    // The backup unit's own page names the rental it travels with.
    const backupUnit = await json<UnitDetail>(staff.request(`/api/ops/units/${card.backup!.unitCode}`));
    expect(backupUnit).toMatchObject({
      size: 'L',
      rental: null,
      backupOf: { rentalId: rental.id, unitCode: card.unitCode, member: 'Bea Backup', returnDate: '2026-12-09' },
    });
    day('2026-12-09');
    const checked = await json<{ rental: DeskRental; unit: UnitDetail }>(
      staff.request(`/api/ops/units/${card.unitCode}/check-in`, { method: 'POST', json: { condition: 'good' } }),
    );
    expect(checked.rental.backup).toEqual(card.backup);
    expect(checked.unit.rental?.backup).toEqual(card.backup);

    // A booking without one says so (null), and nobody else reads hers.
    const plain = await json<Rental>(
      book(m, { itemId: await makeTestItem(t.ctx.database.db), startDate: '2026-12-10', endDate: '2026-12-17' }),
      201,
    );
    expect((await receiptOf(m, plain.orderNumber!)).items[0]!.backupSize).toBeNull();
    expect((await (await t.signUp()).request(`/api/orders/${rental.orderNumber}`)).status).toBe(404);
  });
});
