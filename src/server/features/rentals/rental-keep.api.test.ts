import { describe, expect, it } from 'vitest';
import { keepPriceCents } from '../../../domain/keep-it.rules';
import type { UnitDetail } from '../../../domain/ops';
import type { OrderSummary } from '../../../domain/orders';
import type { Statement } from '../../../domain/payouts';
import type { Rental } from '../../../domain/rentals';
import { makeItem } from '../../test/factories';
import { returnedMemberRental } from '../../test/member-rental';
import { dispatchRental } from '../../test/staff';
import { bookingPaymentsTestApp, book, errorOf, json, rentalsOf } from './booking-payments.test-helpers';

/*
 * Keep it (docs/product.md "Keep it", decision 0059) on a real database (SQLite here, PostgreSQL
 * with TEST_DATABASE_URL): she buys the piece she is renting through the ledger, the unit leaves
 * the rentable stock through the bookings core, a member's piece pays its lender her share, the
 * refusals, and a purchase racing a booking of the same unit (one wins).
 */

const app = bookingPaymentsTestApp();
const keep = (m: { request: (p: string, i?: RequestInit) => Promise<Response> }, id: number) =>
  m.request(`/api/rentals/${id}/keep`, { method: 'POST' });
let n = 0;
const gown = (units = 1) =>
  makeItem(app.t, {
    name: `Keepsake Gown ${(n += 1)}`,
    retailCents: 60_000,
    priceCents: 4_000,
    units,
  });

/** A pay-per-item rental of a fresh piece, booked today and dispatched. */
async function rentedAndSent(units = 1) {
  const itemId = await gown(units);
  const ana = await app.renter();
  const rental = await json<Rental>(book(ana, { itemId, size: 'M' }), 201);
  await dispatchRental(app.desk, rental.id);
  return { itemId, ana, rental };
}

describe(`Keep it (${process.env.TEST_DIALECT})`, () => {
  it('she buys the piece: one ledger charge, the rental is hers and over, the unit leaves the stock, the receipt shows it', async () => {
    const { itemId, ana, rental } = await rentedAndSent();
    const offer = (await json<Rental>(ana.request(`/api/rentals/${rental.id}`))).keepOffer;
    // Never rented before: 70% of $600.
    expect(offer).toEqual({ priceCents: 42_000, retailCents: 60_000, percentOfRetail: 70 });

    const kept = await json<Rental>(keep(ana, rental.id));
    expect(kept).toMatchObject({
      status: 'kept',
      kept: { priceCents: 42_000 },
      keepOffer: null,
      actions: [],
      late: null,
    });

    const purchase = (await app.ledgerOf(ana.id)).filter((e) => e.purpose === 'purchase');
    expect(purchase).toHaveLength(1);
    expect(purchase[0]).toMatchObject({
      kind: 'charge',
      status: 'succeeded',
      amount_cents: 42_000,
      rental_id: rental.id,
      card_last_four: '4242',
    });
    expect(purchase[0]!.idempotency_key).toMatch(new RegExp(`^rental:${rental.id}:keep:`));
    expect(purchase[0]!.settled_at).not.toBeNull();

    // Hers on the dashboard's list, nothing to send back.
    expect((await rentalsOf(ana)).find((r) => r.id === rental.id)).toMatchObject({ status: 'kept' });
    expect((await ana.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(409);

    // The unit is retired on her rental, and no one can book the piece any more.
    const code = (await json<{ unitCode: string }>(app.desk.request(`/api/ops/rentals/${rental.id}`))).unitCode;
    const unit = await json<UnitDetail>(app.desk.request(`/api/ops/units/${code}`));
    expect(unit).toMatchObject({ state: 'retired', note: 'Kept by the member' });
    const bea = await app.renter();
    const refused = await book(bea, { itemId, size: 'M', startDate: '2026-12-10', endDate: '2026-12-17' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('SOLD_OUT');

    // The order lists the piece as bought, and its receipt the charge.
    const order = await json<OrderSummary>(ana.request(`/api/orders/${kept.orderNumber}`));
    expect(order.items[0]).toMatchObject({ rentalId: rental.id, kept: { priceCents: 42_000 } });
    expect(order.lines).toContainEqual(
      expect.objectContaining({ purpose: 'purchase', kind: 'charge', amountCents: 42_000 }),
    );
  });

  it('refuses clearly: not her rental, not sent yet, already bought, already checked in', async () => {
    const { ana, rental } = await rentedAndSent();
    const other = await app.renter();
    const notHers = await keep(other, rental.id);
    expect(notHers.status).toBe(404);
    expect((await errorOf(notHers)).message).toBe('Rental not found');

    const reserved = await json<Rental>(book(other, { itemId: await gown(), size: 'M' }), 201);
    expect(reserved.keepOffer).toBeNull();
    const early = await keep(other, reserved.id);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toMatch(/not been sent/);

    await json(keep(ana, rental.id));
    const twice = await keep(ana, rental.id);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toMatch(/already bought/);
    expect((await app.ledgerOf(ana.id)).filter((e) => e.purpose === 'purchase')).toHaveLength(1);

    // Checked in at the desk: too late to keep it.
    const { ana: cara, rental: back } = await rentedAndSent();
    const code = (await json<{ unitCode: string }>(app.desk.request(`/api/ops/rentals/${back.id}`))).unitCode;
    await json(app.desk.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: { condition: 'good' } }));
    const late = await keep(cara, back.id);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toMatch(/checked in/);
    expect((await app.ledgerOf(cara.id)).filter((e) => e.purpose === 'purchase')).toHaveLength(0);
  });

  it("a member's piece, sent back and not checked in yet: she keeps it and the lender earns her share of the price", async () => {
    const { lender, renter, rentalId } = await returnedMemberRental(app.t, { staff: app.desk, priceCents: 1_000 });
    const before = await json<Rental>(renter.request(`/api/rentals/${rentalId}`));
    expect(before.status).toBe('returning');
    const price = keepPriceCents({ retailCents: 9_900, rentalPriceCents: 1_000, pastRentals: 0 });
    expect(before.keepOffer?.priceCents).toBe(price);
    expect(await json<Rental>(keep(renter, rentalId))).toMatchObject({ status: 'kept', kept: { priceCents: price } });
    const st = await json<Statement>(lender.request('/api/payouts/statement'));
    const sale = st.lines.find((l) => l.description.startsWith('Sale of'));
    expect(sale).toMatchObject({ kind: 'earning', grossCents: price, netCents: Math.round(price * 0.7) });
  });

  it('a booking of the same unit for the days after hers: whichever the database takes first wins', async () => {
    // Booked first: the unit is taken after her, so she cannot buy it (with no other unit to move the booking to).
    const first = await rentedAndSent();
    const bea = await app.renter();
    await json(book(bea, { itemId: first.itemId, size: 'M', startDate: '2026-12-10', endDate: '2026-12-17' }), 201);
    const refused = await keep(first.ana, first.rental.id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/booked this piece/);
    expect((await app.ledgerOf(first.ana.id)).filter((e) => e.purpose === 'purchase')).toHaveLength(0);

    // With a second unit free, the later booking moves to it and she keeps hers.
    const two = await rentedAndSent(2);
    const cara = await app.renter();
    const later = await json<Rental>(
      book(cara, { itemId: two.itemId, size: 'M', startDate: '2026-12-10', endDate: '2026-12-17' }),
      201,
    );
    await json(keep(two.ana, two.rental.id));
    const unitOf = async (id: number) =>
      (await app.db().selectFrom('rentals').select('unit_id').where('id', '=', id).executeTakeFirstOrThrow()).unit_id;
    expect(await unitOf(later.id)).not.toBe(await unitOf(two.rental.id));

    // At the same moment, five times: exactly one of the purchase and the booking goes through.
    for (let i = 0; i < 5; i += 1) {
      const race = await rentedAndSent();
      const dora = await app.renter();
      const [k, b] = await Promise.all([
        keep(race.ana, race.rental.id),
        book(dora, { itemId: race.itemId, size: 'M', startDate: '2026-12-10', endDate: '2026-12-17' }),
      ]);
      const said = `keep ${k.status} ${await k.clone().text()} / booking ${b.status} ${await b.clone().text()}`;
      expect([k.status === 200, b.status === 201].filter(Boolean), said).toHaveLength(1);
      expect(k.status === 200 ? b.status : k.status, said).toBe(409);
      const held = await app
        .db()
        .selectFrom('bookings')
        .innerJoin('item_units', 'item_units.id', 'bookings.unit_id')
        .select(['bookings.id', 'bookings.end_date'])
        .where('item_units.item_id', '=', race.itemId)
        .where('bookings.released_at', 'is', null)
        .execute();
      // Her rental's hold (open-ended if she bought it) and at most one more: never both.
      if (k.status === 200) expect(held).toHaveLength(1);
      else expect(held).toHaveLength(2);
    }
  });
});
