import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../domain/orders';
import type { ParcelList, TrackingStatus } from '../../../domain/parcels';
import type { Statement } from '../../../domain/payouts';
import type { PreLovedList, PreLovedPiece, Purchase, SendoffList, UnitSaleState } from '../../../domain/preloved';
import type { Rental } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import { makeItem } from '../../test/factories';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem } from '../../test/renter';
import { dispatchRental } from '../../test/staff';
import type { TestMember } from '../../test/test-app';
import { SIGNATURE_HEADER, signWebhook } from '../parcels';
import { bookingPaymentsTestApp, book, errorOf, json } from '../rentals/booking-payments.test-helpers';

/*
 * The pre-loved sale (docs/product.md "The pre-loved sale", decision 0066) on a real database
 * (SQLite here, PostgreSQL with TEST_DATABASE_URL): staff retire a unit to the sale, twenty buyers
 * at once get exactly one sale and nineteen refusals with nothing charged; the sale is on her
 * order and the desk's dispatches; a member's piece kept or sold tells its lender once and pays
 * her share once; a kept piece back at the desk is sent to her once.
 */

const app = bookingPaymentsTestApp();
let n = 0;
const unitCodeOf = async (itemId: number) => {
  const u = await app
    .db()
    .selectFrom('item_units')
    .select('id')
    .where('item_id', '=', itemId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return `RT-${String(u.id).padStart(6, '0')}`;
};
const retire = (code: string, priceCents = 12_000) =>
  app.desk.request(`/api/ops/preloved/units/${code}/retire-to-sale`, {
    method: 'POST',
    json: { priceCents, conditionNote: 'Worn a few times, a faint mark inside the hem' },
  });
const buy = (m: TestMember, id: number) => m.request(`/api/preloved/${id}/buy`, { method: 'POST' });
const sale = async () => (await json<PreLovedList>(app.t.request('/api/preloved'))).pieces;
const prelovedEntries = () =>
  app.db().selectFrom('payment_ledger').selectAll().where('purpose', '=', 'preloved').execute();
const soldNotices = (userId: string) =>
  app
    .db()
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'piece_sold')
    .execute();

const sendoffParcels = (sendoffId: number) =>
  app.db().selectFrom('parcels').selectAll().where('sendoff_id', '=', sendoffId).execute();
/** A carrier event POSTed to the webhook, signed as the carrier signs it. */
function carrierEvent(trackingNumber: string, status: TrackingStatus) {
  const body = JSON.stringify({
    eventId: `evt_sendoff_${trackingNumber}_${status}`,
    trackingNumber,
    status,
    occurredAt: app.t.ctx.clock().toISOString(),
    description: null,
  });
  const signature = signWebhook(app.t.ctx.env.carrierWebhookSecret, body, app.t.ctx.clock());
  return app.t.app.request('/api/parcels/webhooks/carrier', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
}

describe(`The pre-loved sale (${process.env.TEST_DIALECT})`, () => {
  it('staff retire a unit to the sale; of 20 buyers at once exactly one buys it, 19 are told it sold and none is charged', async () => {
    const itemId = await makeItem(app.t, { name: `Sale Gown ${(n += 1)}`, retailCents: 60_000, priceCents: 4_000 });
    const code = await unitCodeOf(itemId);
    const member = await app.renter();
    expect((await member.request(`/api/ops/preloved/units/${code}/retire-to-sale`, { method: 'POST' })).status).toBe(
      403,
    );

    const listed = await json<UnitSaleState>(retire(code));
    expect(listed).toMatchObject({ piece: { status: 'listed', priceCents: 12_000 }, canList: false, kept: null });
    const audit = await app
      .db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unit.retire_to_sale')
      .where('subject_id', '=', code)
      .execute();
    expect(audit).toHaveLength(1);
    const piece = (await sale()).find((p) => p.itemId === itemId)!;
    expect(piece).toMatchObject({ priceCents: 12_000, size: 'M', brand: expect.any(String) });
    expect(piece.photos.length).toBeGreaterThan(0);
    // Out of the rentable stock: no one can book it.
    expect((await book(member, { itemId, size: 'M' })).status).toBe(409);

    const buyers = await Promise.all(Array.from({ length: 20 }, () => app.renter()));
    const answers = await Promise.all(buyers.map((b) => buy(b, piece.id)));
    const ok = answers.filter((r) => r.status === 200);
    const said = await Promise.all(answers.map(async (r) => `${r.status} ${await r.clone().text()}`));
    expect(ok, said.join('\n')).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect((await errorOf(r)).message).toBe('Sorry, this piece has just sold.');
    const entries = (await prelovedEntries()).filter((e) => e.order_id !== null && e.amount_cents === 12_000);
    const mine = entries.filter((e) => buyers.some((b) => b.id === e.user_id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'charge', status: 'succeeded' });
    expect(mine[0]!.idempotency_key).toMatch(/^preloved:\d+:order:\d+$/);

    // Gone from the sale, on her orders with the receipt, and on the desk's dispatches.
    expect((await sale()).some((p) => p.id === piece.id)).toBe(false);
    const winner = buyers.find((b) => b.id === mine[0]!.user_id)!;
    const bought = await json<Purchase>(ok[0]!);
    const order = await json<OrderSummary>(winner.request(`/api/orders/${bought.orderNumber}`));
    expect(order).toMatchObject({ status: 'confirmed', chargedCents: 12_000, items: [] });
    expect(order.bought).toEqual([expect.objectContaining({ pieceId: piece.id, priceCents: 12_000, size: 'M' })]);
    expect(order.lines).toContainEqual(
      expect.objectContaining({ purpose: 'preloved', kind: 'charge', amountCents: 12_000 }),
    );
    const desk = await json<SendoffList>(app.desk.request('/api/ops/preloved/sendoffs'));
    const out = desk.sendoffs.find((s) => s.orderNumber === bought.orderNumber)!;
    expect(out).toMatchObject({ reason: 'preloved', unitCode: code, dispatchedAt: null, address: expect.any(String) });
    await json(app.desk.request(`/api/ops/preloved/sendoffs/${out.id}/dispatch`, { method: 'POST' }));
    expect((await app.desk.request(`/api/ops/preloved/sendoffs/${out.id}/dispatch`, { method: 'POST' })).status).toBe(
      409,
    );
  });

  it("a member's piece kept by its renter, or sold in the sale: its lender is told once and paid her share once", async () => {
    // Kept: the renter buys the piece she had (Keep it).
    const { lender, renter, rentalId } = await returnedMemberRental(app.t, { staff: app.desk, priceCents: 1_000 });
    const kept = await json<Rental>(renter.request(`/api/rentals/${rentalId}/keep`, { method: 'POST' }));
    expect(kept.status).toBe('kept');
    const price = kept.kept!.priceCents;
    const share = Math.round(price * 0.7);
    await app.t.ctx.jobs.runDue([QUEUES.notificationEmail.name]);
    await app.t.waitForMail(lender.email, /has sold/);
    expect(await soldNotices(lender.id)).toHaveLength(1);
    expect((await soldNotices(lender.id))[0]!.body).toContain(`$${(share / 100).toFixed(2)}`);

    // Sold: she offers another piece of hers in the sale; a member buys it.
    const itemId = await makeTestItem(app.db(), {
      ownerId: lender.id,
      priceCents: 1_000,
      name: `Her Coat ${(n += 1)}`,
    });
    const offered = await json<PreLovedPiece>(
      lender.request('/api/preloved/mine', {
        method: 'POST',
        json: { itemId, size: 'M', priceCents: 20_000, conditionNote: 'Like new, worn twice' },
      }),
      201,
    );
    expect(offered).toMatchObject({ fromMember: true, priceCents: 20_000 });
    expect((await buy(lender, offered.id)).status).toBe(409);
    const buyer = await app.renter();
    await json<Purchase>(buy(buyer, offered.id));
    expect((await buy(await app.renter(), offered.id)).status).toBe(409);
    await app.t.ctx.jobs.runDue([QUEUES.notificationEmail.name]);
    await app.t.waitForMail(lender.email, /Her Coat/);
    expect(await soldNotices(lender.id)).toHaveLength(2);

    // Her statement: one line for each sale, her 70% share, whatever is read twice.
    for (let i = 0; i < 2; i += 1) {
      const st = await json<Statement>(lender.request('/api/payouts/statement'));
      const sales = st.lines.filter((l) => l.description.startsWith('Sale of'));
      expect(sales).toHaveLength(2);
      expect(sales.map((l) => l.netCents).sort()).toEqual([share, 14_000].sort());
    }
  });

  it('a kept piece that came back to the desk: staff see who kept it and send it to her, once, audited', async () => {
    const itemId = await makeItem(app.t, { name: `Kept Dress ${(n += 1)}`, retailCents: 40_000, priceCents: 3_000 });
    const ana = await app.renter();
    const rental = await json<Rental>(book(ana, { itemId, size: 'M' }), 201);
    await dispatchRental(app.desk, rental.id);
    await json(ana.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    await json(ana.request(`/api/rentals/${rental.id}/keep`, { method: 'POST' }));
    const code = await unitCodeOf(itemId);
    const unit = await json<UnitSaleState>(app.desk.request(`/api/ops/preloved/units/${code}`));
    expect(unit).toMatchObject({ kept: { email: ana.email, sentAt: null }, canList: false });
    expect((await retire(code)).status).toBe(409);
    const sent = await json<UnitSaleState>(
      app.desk.request(`/api/ops/preloved/units/${code}/send-kept`, { method: 'POST' }),
    );
    expect(sent.kept?.sentAt).not.toBeNull();
    const again = await app.desk.request(`/api/ops/preloved/units/${code}/send-kept`, { method: 'POST' });
    expect(again.status).toBe(409);
    // In its own parcel with a label, on her rental's tracking.
    const kept = await app
      .db()
      .selectFrom('sendoffs')
      .selectAll()
      .where('reason', '=', 'kept')
      .where('ref_id', '=', rental.id)
      .executeTakeFirstOrThrow();
    const [parcel] = await sendoffParcels(kept.id);
    expect(parcel?.tracking_number).toMatch(/^RTQ/);
    const hers = (await json<ParcelList>(ana.request(`/api/parcels?rentalId=${rental.id}`))).parcels;
    expect(hers.find((p) => p.id === parcel!.id)?.pieces).toEqual([expect.objectContaining({ sendoffId: kept.id })]);
    const audit = await app
      .db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unit.send_kept')
      .where('subject_id', '=', code)
      .execute();
    expect(audit).toHaveLength(1);
  });
  it('a sold piece dispatched goes out in one parcel with a tracking number (twice at once: one parcel, one label); delivered shows on her order', async () => {
    const itemId = await makeItem(app.t, { name: `Parcel Gown ${(n += 1)}`, retailCents: 50_000, priceCents: 4_000 });
    const code = await unitCodeOf(itemId);
    await json(retire(code, 9_000));
    const piece = (await sale()).find((p) => p.itemId === itemId)!;
    const buyer = await app.renter();
    const bought = await json<Purchase>(buy(buyer, piece.id));
    const desk = await json<SendoffList>(app.desk.request('/api/ops/preloved/sendoffs'));
    const out = desk.sendoffs.find((s) => s.orderNumber === bought.orderNumber)!;
    expect(out).toMatchObject({ dispatchedAt: null, parcel: null });

    const answers = await Promise.all(
      [0, 1].map(() => app.desk.request(`/api/ops/preloved/sendoffs/${out.id}/dispatch`, { method: 'POST' })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const parcels = await sendoffParcels(out.id);
    expect(parcels).toHaveLength(1);
    const parcel = parcels[0]!;
    expect(parcel).toMatchObject({ kind: 'outbound', status: 'dispatched', handoff: 'carrier', user_id: buyer.id });
    expect(parcel.tracking_number).toMatch(/^RTQ/);
    const labelJobs = await app
      .db()
      .selectFrom('jobs')
      .select('id')
      .where('once_key', '=', `${parcel.tracking_number}:label_created`)
      .execute();
    expect(labelJobs).toHaveLength(1);
    const audits = await app
      .db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sendoff.dispatch')
      .where('subject_id', '=', code)
      .execute();
    expect(audits).toHaveLength(1);
    // A third dispatch, the label made: refused.
    expect((await app.desk.request(`/api/ops/preloved/sendoffs/${out.id}/dispatch`, { method: 'POST' })).status).toBe(
      409,
    );

    // The desk sees its tracking number; she sees the parcel on her order.
    const sent = (await json<SendoffList>(app.desk.request('/api/ops/preloved/sendoffs'))).sendoffs.find(
      (s) => s.id === out.id,
    )!;
    expect(sent.parcel).toMatchObject({ id: parcel.id, trackingNumber: parcel.tracking_number });
    const hers = async () =>
      (await json<ParcelList>(buyer.request(`/api/parcels?orderNumber=${bought.orderNumber}`))).parcels;
    const [mine] = await hers();
    expect(mine).toMatchObject({ id: parcel.id, kind: 'outbound', trackingNumber: parcel.tracking_number });
    expect(mine!.pieces).toEqual([
      expect.objectContaining({ sendoffId: out.id, rentalId: null, itemId, unitCode: code, dispatched: true }),
    ]);
    const other = await app.renter();
    expect((await json<ParcelList>(other.request(`/api/parcels?orderNumber=${bought.orderNumber}`))).parcels).toEqual(
      [],
    );

    // The carrier's delivered event: delivered on her order (a replay changes nothing).
    for (const status of ['in_transit', 'delivered', 'delivered'] as const)
      expect((await carrierEvent(parcel.tracking_number!, status)).status).toBe(200);
    const [delivered] = await hers();
    expect(delivered).toMatchObject({ trackingStatus: 'delivered', deliveredAt: expect.any(String) });
    expect(delivered!.events.map((e) => e.status).sort()).toEqual(['delivered', 'in_transit']);
    const deskAfter = (await json<SendoffList>(app.desk.request('/api/ops/preloved/sendoffs'))).sendoffs;
    expect(deskAfter.find((s) => s.id === out.id)?.parcel?.trackingStatus).toBe('delivered');
  });
});
