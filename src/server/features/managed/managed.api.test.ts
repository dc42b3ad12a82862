import { beforeAll, describe, expect, it } from 'vitest';
import type { Care, CareList, DeskBoard } from '../../../domain/managed-lending';
import type { Rental } from '../../../domain/rentals';
import type { Statement } from '../../../domain/payouts';
import type { TestApp } from '../../test/test-app';
import { SIGNATURE_HEADER, signWebhook } from '../parcels';
import { errorOf, json, managedTestApp, post } from './managed.test-helpers';

/*
 * Managed lending on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL; decision
 * 0062): intake through to live; a managed piece booked at once by two members at once (one
 * wins); her share paid once after check-in; a recall while booked waits for the return; a
 * recall racing a booking (one wins, the other is told). A pickup at her address and a recall
 * sent back by parcel each travel in one parcel with one label from the carrier (decision 0061).
 */
const app = managedTestApp();
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});
const db = () => t.ctx.database.db;
const parcelsOf = (col: 'intake_id' | 'recall_id', id: number) =>
  db().selectFrom('parcels').selectAll().where(col, '=', id).execute();

/** A carrier event POSTed to the parcels' webhook, signed with the app's secret. */
function webhook(trackingNumber: string, status: string, occurredAt: string) {
  const body = JSON.stringify({ eventId: `evt_${trackingNumber}_${status}`, trackingNumber, status, occurredAt });
  const signature = signWebhook(t.ctx.env.carrierWebhookSecret, body, t.ctx.clock());
  return t.app.request('/api/parcels/webhooks/carrier', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
}

describe(`managed lending (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('goes from listing to live through intake; she sees each step; every desk step is audited', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Lou Lender');
    const itemId = await app.listManaged(lou);
    // Approved, not in the catalogue yet: she books its pickup.
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(404);
    let care = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(care.stage).toBe('book_intake');
    const past = await post(lou, `/api/managed/items/${itemId}/intake`, {
      method: 'pickup',
      day: '2026-12-01',
      address: '4 Rue des Archives, Paris',
    });
    expect(past.status).toBe(400);
    care = await json<Care>(
      post(lou, `/api/managed/items/${itemId}/intake`, {
        method: 'pickup',
        day: '2026-12-03',
        address: '4 Rue des Archives, Paris',
      }),
    );
    // Her pickup is an inbound_pickup parcel with the carrier's label: one tracking number.
    expect(care).toMatchObject({ stage: 'intake_booked', intake: { labelStatus: 'made', day: '2026-12-03' } });
    const tracking = care.intake!.parcel!.trackingNumber!;
    expect(tracking).toMatch(/^RTQ/);
    const again = await post(lou, `/api/managed/items/${itemId}/intake`, {
      method: 'pickup',
      day: '2026-12-04',
      address: '4 Rue des Archives, Paris',
    });
    expect(again.status).toBe(409);

    // Members are refused the desk.
    expect((await lou.request('/api/ops/managed')).status).toBe(403);
    const intake = await app.intakeOf(itemId);
    expect(intake).toMatchObject({
      ownerName: 'Lou Lender',
      status: 'booked',
      labelStatus: 'made',
      parcel: { trackingNumber: tracking, carrier: 'simulated' },
    });
    expect(intake.photos).toHaveLength(1);
    const [pickup, ...more] = await parcelsOf('intake_id', intake.id);
    expect(more).toHaveLength(0);
    expect(pickup).toMatchObject({ kind: 'inbound_pickup', user_id: lou.id, tracking_number: tracking });
    // A label that failed (none recorded) is asked again when her listing is read: the same label.
    await db()
      .updateTable('parcels')
      .set({ tracking_number: null, carrier: null, label_code: null })
      .where('id', '=', pickup!.id)
      .execute();
    care = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(care.intake).toMatchObject({ labelStatus: 'made', parcel: { trackingNumber: tracking } });
    // The carrier's scans show on her listing; the desk's "received" stays the step.
    expect((await webhook(tracking, 'picked_up', '2026-12-03T10:00:00Z')).status).toBe(200);
    care = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(care).toMatchObject({ stage: 'intake_booked', intake: { parcel: { trackingStatus: 'picked_up' } } });
    expect((await app.desk(`/intakes/${intake.id}/live`)).status).toBe(409);
    await json(app.desk(`/intakes/${intake.id}/receive`));
    expect((await json<Care>(lou.request(`/api/managed/items/${itemId}`))).stage).toBe('received');
    await json(app.desk(`/intakes/${intake.id}/check`, { accept: true, note: 'As in her photos.' }));
    await json(app.desk(`/intakes/${intake.id}/live`));
    care = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(care.stage).toBe('live');
    expect(care.steps.every((s) => s.done)).toBe(true);
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(200);
    const audited = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(itemId))
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'listing.approve',
      'managed.receive',
      'managed.check',
      'managed.live',
    ]);
    const board = await json<DeskBoard>(app.staff.request('/api/ops/managed'));
    expect(board.stored.find((s) => s.itemId === itemId)).toMatchObject({ ownerName: 'Lou Lender' });
  });

  it('a rejected intake goes back to her', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Rae Rejected');
    const itemId = await app.listManaged(lou, 'Stained Blazer');
    await json(
      post(lou, `/api/managed/items/${itemId}/intake`, {
        method: 'pickup',
        day: '2026-12-02',
        address: '9 Elm Street, Boston MA',
      }),
    );
    const intake = await app.intakeOf(itemId);
    await json(app.desk(`/intakes/${intake.id}/receive`));
    await json(
      app.desk(`/intakes/${intake.id}/check`, { accept: false, note: 'A stain on the lapel not in the photos.' }),
    );
    expect((await json<Care>(lou.request(`/api/managed/items/${itemId}`))).stage).toBe('rejected');
    const recall = (await json<DeskBoard>(app.staff.request('/api/ops/managed'))).recalls.find(
      (r) => r.itemId === itemId,
    )!;
    expect(recall).toMatchObject({ reason: 'rejected', method: 'parcel', ready: true, labelStatus: 'pending' });
    // Sent back twice at once: one send, one back_to_lender parcel, one label. The other press is
    // refused, or, when it comes between the first's commit and its label, asks for that same label
    // (a second send is how the desk retries a failed label; the label is idempotent by the parcel).
    const sends = await Promise.all([
      app.desk(`/recalls/${recall.id}/send-back`),
      app.desk(`/recalls/${recall.id}/send-back`),
    ]);
    const statuses = sends.map((r) => r.status).sort();
    expect([
      [200, 409],
      [200, 200],
    ]).toContainEqual(statuses);
    const care = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(care).toMatchObject({ stage: 'returned', recall: { labelStatus: 'made' } });
    const parcels = await parcelsOf('recall_id', recall.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ kind: 'back_to_lender', tracking_number: care.recall!.parcel!.trackingNumber });
    const sent = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'managed.send_back')
      .where('subject_id', '=', String(itemId))
      .execute();
    expect(sent).toHaveLength(1);
    expect((await app.desk(`/recalls/${recall.id}/send-back`)).status).toBe(409);
  });

  it('two pickups booked at once: one intake, one parcel, one label', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Pia Pickup');
    const itemId = await app.listManaged(lou, 'Wool Cape');
    const book = () =>
      post(lou, `/api/managed/items/${itemId}/intake`, { method: 'pickup', day: '2026-12-03', address: '1 Main St' });
    const results = await Promise.all([book(), book()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const intake = await app.intakeOf(itemId);
    const parcels = await parcelsOf('intake_id', intake.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]!.tracking_number).toBe(intake.parcel!.trackingNumber);
    const pickups = await db().selectFrom('parcels').select('id').where('user_id', '=', lou.id).execute();
    expect(pickups).toHaveLength(1);
  });

  it('a studio drop-off has no label', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Sia Studio');
    const itemId = await app.listManaged(lou, 'Tulle Skirt');
    const care = await json<Care>(
      post(lou, `/api/managed/items/${itemId}/intake`, { method: 'drop-off', day: '2026-12-03', studioId: 1 }),
    );
    expect(care.intake).toMatchObject({ labelStatus: 'none', parcel: null });
    expect(await db().selectFrom('parcels').select('id').where('user_id', '=', lou.id).execute()).toHaveLength(0);
  });

  it('is booked at once; two members at once for the same days: one wins', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Lou Twice');
    const itemId = await app.listManaged(lou, 'Velvet Gown');
    await app.bringIn(lou, itemId);
    const [a, b] = await Promise.all([app.member('Ana'), app.member('Bea')]);
    const results = await Promise.all([
      app.book(a, itemId, '2026-12-05', '2026-12-12'),
      app.book(b, itemId, '2026-12-05', '2026-12-12'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect((await errorOf(loser)).code).toBe('SOLD_OUT');
  });

  it('pays her share once, after check-in; she is told of the rental and the payout', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Lou Earner');
    const itemId = await app.listManaged(lou, 'Linen Suit');
    await app.bringIn(lou, itemId);
    const rita = await app.member('Rita Renter');
    const rental = await json<Rental>(app.book(rita, itemId, '2026-12-02', '2026-12-09'), 201);
    const share = Math.round((2_999 * 60) / 100); // MANAGED_LENDER_SHARE_PERCENT's default
    app.day('2026-12-02');
    let st = await json<Statement>(lou.request('/api/payouts/statement'));
    expect(st.availableCents).toBe(0);
    await app.outAndBack(rental.id);
    // Checked in twice (a second desk tap) changes nothing: credited once.
    st = await json<Statement>(lou.request('/api/payouts/statement'));
    expect(st.availableCents).toBe(share);
    const credits = await db().selectFrom('lender_credits').selectAll().where('rental_id', '=', rental.id).execute();
    expect(credits).toHaveLength(1);
    await json(
      lou.request('/api/payouts/account', {
        method: 'PUT',
        json: { holderName: 'Lou Earner', routingNumber: '110000000', accountNumber: '000123456789' },
      }),
    );
    await json(post(lou, '/api/payouts'), 201);
    expect((await post(lou, '/api/payouts')).status).toBe(409);
    const kinds = (await db().selectFrom('notifications').select('kind').where('user_id', '=', lou.id).execute()).map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(
      expect.arrayContaining(['managed_approved', 'managed_live', 'managed_rented', 'managed_earning']),
    );
  });

  it('a recall while booked waits for the return; before the booking ends it is refused', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Lou Recall');
    const itemId = await app.listManaged(lou, 'Cashmere Coat');
    await app.bringIn(lou, itemId);
    const rita = await app.member('Rita Recall');
    const rental = await json<Rental>(app.book(rita, itemId, '2026-12-02', '2026-12-09'), 201);
    const early = await post(lou, `/api/managed/items/${itemId}/recall`, {
      method: 'parcel',
      day: '2026-12-05',
      address: '4 Rue des Archives, Paris',
    });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).details).toMatchObject({ bookedUntil: '2026-12-09' });
    const care = await json<Care>(
      post(lou, `/api/managed/items/${itemId}/recall`, {
        method: 'parcel',
        day: '2026-12-12',
        address: '4 Rue des Archives, Paris',
      }),
    );
    expect(care).toMatchObject({ stage: 'recall_waiting', recall: { waitsForReturn: true, labelStatus: 'pending' } });
    // Out of the catalogue at once: no new booking (the race below shows the words a booking in flight gets).
    const other = await app.member('Olga Other');
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(404);
    const refused = await app.book(other, itemId, '2026-12-20', '2026-12-27');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).details).toMatchObject({ reason: 'recalled' });
    const recallId = (await json<DeskBoard>(app.staff.request('/api/ops/managed'))).recalls.find(
      (r) => r.itemId === itemId,
    )!.id;
    app.day('2026-12-02');
    await app.outAndBack(rental.id);
    app.day('2026-12-12');
    expect((await app.desk(`/recalls/${recallId}/send-back`)).status).toBe(409); // still being cleaned
    await app.cleaned(rental.id);
    await json(app.desk(`/recalls/${recallId}/send-back`));
    const back = await json<Care>(lou.request(`/api/managed/items/${itemId}`));
    expect(back).toMatchObject({
      stage: 'returned',
      recall: { labelStatus: 'made', parcel: { carrier: 'simulated' } },
    });
    expect(await parcelsOf('recall_id', recallId)).toHaveLength(1);
  });

  it('a recall racing a booking: one wins, the other is told', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Lou Racer');
    const itemId = await app.listManaged(lou, 'Satin Skirt');
    await app.bringIn(lou, itemId);
    const rita = await app.member('Rita Racer');
    const [booking, recall] = await Promise.all([
      app.book(rita, itemId, '2026-12-05', '2026-12-12'),
      post(lou, `/api/managed/items/${itemId}/recall`, { method: 'studio', day: '2026-12-08', studioId: 1 }),
    ]);
    // One wins: the booking (201) and the recall refused, or the recall (200) and the booking refused.
    expect([
      [201, 409],
      [409, 200],
    ]).toContainEqual([booking.status, recall.status]);
    const loser = booking.status === 201 ? recall : booking;
    const told = await errorOf(loser);
    expect(told.code).toBe('CONFLICT');
    expect(['booked', 'recalled']).toContain(told.details?.reason);
    const list = await json<CareList>(lou.request('/api/managed'));
    expect(list.pieces.find((p) => p.itemId === itemId)!.stage).toBe(
      booking.status === 201 ? 'live' : 'recall_waiting',
    );
  });
});
