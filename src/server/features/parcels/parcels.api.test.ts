import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Parcel, ParcelList, TrackingStatus } from '../../../domain/parcels';
import type { Rental } from '../../../domain/rentals';
import { QUEUES } from '../../jobs/queues';
import type { TestApp, TestMember } from '../../test/test-app';
import { json, unitLifeTestApp } from '../ops/unit-life.test-helpers';
import { SIGNATURE_HEADER, signWebhook } from './carrier';

/*
 * Parcels and the carrier (decision 0061) on a real database: pieces for one member, address and
 * day travel in one parcel (booked one after another or at once); the desk packs and dispatches
 * it once; the carrier's signed webhooks are verified, idempotent and never move a status back;
 * the late-fee clock of a return stops at the carrier's first scan.
 */

const u = unitLifeTestApp();
const { day, makeItem, renter, book, checkIn, unitOf } = u;
let t: TestApp;
let staff: TestMember;
beforeAll(() => {
  ({ t, staff } = u);
});

const deskParcels = async () => (await json<ParcelList>(staff.request('/api/ops/parcels'))).parcels;
const post = (who: TestMember, path: string, body?: unknown) =>
  who.request(path, { method: 'POST', ...(body ? { json: body } : {}) });
const parcelsOf = (userId: string) =>
  t.ctx.database.db.selectFrom('parcels').selectAll().where('user_id', '=', userId).orderBy('id').execute();

let events = 0;
/** A carrier event POSTed to the webhook, signed with `secret` (the app's unless said). */
function webhook(
  trackingNumber: string,
  status: TrackingStatus,
  occurredAt: string,
  opts: { eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({
    eventId: opts.eventId ?? `evt_test_${(events += 1)}`,
    trackingNumber,
    status,
    occurredAt,
    description: null,
  });
  const signature = signWebhook(opts.secret ?? t.ctx.env.carrierWebhookSecret, body, t.ctx.clock());
  return t.app.request('/api/parcels/webhooks/carrier', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
}

/** Books `n` pieces for a member (at once when `together`) and dispatches their one parcel. */
async function sentParcel(m: TestMember, n: number, together = false): Promise<{ parcel: Parcel; rentals: Rental[] }> {
  const items = await Promise.all(Array.from({ length: n }, () => makeItem({ weeklyCents: 700 })));
  const rentals = together ? await Promise.all(items.map((itemId) => json<Rental>(book(m, { itemId }), 201))) : [];
  if (!together) for (const itemId of items) rentals.push(await json<Rental>(book(m, { itemId }), 201));
  const mine = (await deskParcels()).filter((p) => p.member.email === m.email && p.status !== 'dispatched');
  expect(mine).toHaveLength(1);
  const parcel = await json<Parcel>(post(staff, `/api/ops/parcels/${mine[0]!.id}/dispatch`));
  return { parcel, rentals };
}

describe(`parcels (${process.env.TEST_DIALECT})`, () => {
  it('puts two pieces for one member, address and day in one parcel; a piece booked after packing opens the next; dispatched once', async () => {
    day('2026-11-02');
    const mia = await renter({ fullName: 'Mia Parcel' });
    const [a, b, c] = await Promise.all([makeItem(), makeItem(), makeItem()]);
    const ra = await json<Rental>(book(mia, { itemId: a }), 201);
    const rb = await json<Rental>(book(mia, { itemId: b }), 201);
    let mine = (await deskParcels()).filter((p) => p.member.email === mia.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.pieces.map((p) => p.rentalId)).toEqual([ra.id, rb.id]);
    expect(mine[0]).toMatchObject({ kind: 'outbound', status: 'open', handoff: 'carrier', trackingNumber: null });
    expect(mine[0]!.destination).toContain('12 Analytical Way');

    const packed = await json<Parcel>(post(staff, `/api/ops/parcels/${mine[0]!.id}/pack`));
    expect(packed.status).toBe('packed');
    expect((await post(staff, `/api/ops/parcels/${packed.id}/pack`)).status).toBe(409);
    const rc = await json<Rental>(book(mia, { itemId: c }), 201);
    mine = (await deskParcels()).filter((p) => p.member.email === mia.email);
    expect(mine.map((p) => [p.status, p.pieces.map((x) => x.rentalId)])).toEqual([
      ['packed', [ra.id, rb.id]],
      ['open', [rc.id]],
    ]);

    // Dispatched twice at once: once. Both pieces go out, the label is made, the member is told per piece.
    const answers = await Promise.all([1, 2].map(() => post(staff, `/api/ops/parcels/${packed.id}/dispatch`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const sent = await json<Parcel>(answers.find((r) => r.status === 200)!);
    expect(sent).toMatchObject({ status: 'dispatched', carrier: 'simulated' });
    expect(sent.trackingNumber).toMatch(/^RTQ[0-9A-F]{12}$/);
    expect(sent.pieces.every((p) => p.dispatched)).toBe(true);
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'parcel.dispatch')
      .where('subject_id', '=', String(packed.id))
      .execute();
    expect(audit).toHaveLength(1);

    // The simulator's first event (label created) is POSTed to our webhook, signed, when its job runs.
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = new URL(String(url)).pathname;
      return t.app.request(path, init as RequestInit);
    });
    try {
      await t.ctx.jobs.runDue([QUEUES.carrierSimEvent.name]);
    } finally {
      fetchSpy.mockRestore();
    }
    const tracked = await json<ParcelList>(mia.request(`/api/parcels?rentalId=${ra.id}`));
    expect(tracked.parcels[0]).toMatchObject({ trackingStatus: 'label_created', trackingNumber: sent.trackingNumber });
  });

  it('gathers pieces booked at once into one parcel (the database decides)', async () => {
    day('2026-11-03');
    const noa = await renter({ fullName: 'Noa Together' });
    const { parcel, rentals } = await sentParcel(noa, 4, true);
    expect(parcel.pieces.map((p) => p.rentalId).sort()).toEqual(rentals.map((r) => r.id).sort());
    expect(await parcelsOf(noa.id)).toHaveLength(1);
  });

  it('a pack and bookings at the same moment: every piece lands in exactly one parcel, with at most one open parcel left', async () => {
    day('2026-11-06');
    const ivy = await renter({ fullName: 'Ivy Instant' });
    const first = await json<Rental>(book(ivy, { itemId: await makeItem() }), 201);
    const open = (await deskParcels()).find((p) => p.pieces.some((x) => x.rentalId === first.id))!;
    const items = await Promise.all([1, 2, 3].map(() => makeItem()));
    const [packed, ...booked] = await Promise.all([
      post(staff, `/api/ops/parcels/${open.id}/pack`),
      ...items.map((itemId) => book(ivy, { itemId })),
    ]);
    expect(packed!.status).toBe(200);
    expect(booked.map((r) => r.status)).toEqual([201, 201, 201]);
    const { db } = t.ctx.database;
    const pieces = await db
      .selectFrom('parcel_pieces')
      .innerJoin('parcels', 'parcels.id', 'parcel_pieces.parcel_id')
      .select(['parcel_pieces.rental_id', 'parcels.status'])
      .where('parcels.user_id', '=', ivy.id)
      .execute();
    expect(pieces).toHaveLength(4);
    expect(new Set(pieces.map((p) => p.rental_id)).size).toBe(4);
    // At most one open parcel for her day: the rest joined it.
    expect((await parcelsOf(ivy.id)).filter((p) => p.status === 'open').length).toBeLessThanOrEqual(1);
  });

  it('refuses a forged webhook; a replayed or out-of-order event changes nothing twice; delivered marks the pieces received', async () => {
    day('2026-11-04');
    const ola = await renter({ fullName: 'Ola Order' });
    const { parcel, rentals } = await sentParcel(ola, 2);
    const tn = parcel.trackingNumber!;
    const at = (h: number) => new Date(Date.UTC(2026, 10, 4, h)).toISOString();

    // Forged (another secret), unsigned or unknown: refused, nothing recorded.
    expect((await webhook(tn, 'delivered', at(12), { secret: 'not-the-carrier-secret-at-all' })).status).toBe(401);
    const unsigned = await t.app.request('/api/parcels/webhooks/carrier', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: 'x', trackingNumber: tn, status: 'delivered', occurredAt: at(12) }),
    });
    expect(unsigned.status).toBe(401);
    expect((await json<{ error: { code: string } }>(unsigned, 401)).error.code).toBe('UNAUTHENTICATED');
    expect((await webhook('RTQ000000000000', 'picked_up', at(10))).status).toBe(404);
    const count = async () =>
      (
        await t.ctx.database.db
          .selectFrom('parcel_events')
          .select('event_id')
          .where('parcel_id', '=', parcel.id)
          .execute()
      ).length;
    expect(await count()).toBe(0);

    // Out of order: in transit arrives before picked up; the status stays in transit, the first scan is the earlier one.
    expect(await json(webhook(tn, 'in_transit', at(14)))).toEqual({ recorded: true, advanced: true });
    expect(await json(webhook(tn, 'picked_up', at(10)))).toEqual({ recorded: true, advanced: false });
    let view = (await json<ParcelList>(ola.request(`/api/parcels?rentalId=${rentals[0]!.id}`))).parcels[0]!;
    expect(view).toMatchObject({ trackingStatus: 'in_transit', firstScanAt: at(10) });

    // Delivered, replayed three times at once: recorded once; both pieces received once.
    const replays = await Promise.all(
      [1, 2, 3].map(() => webhook(tn, 'delivered', at(16), { eventId: 'evt_delivered_once' })),
    );
    const outcomes = await Promise.all(replays.map((r) => json<{ recorded: boolean }>(r)));
    expect(outcomes.filter((o) => o.recorded)).toHaveLength(1);
    const received = await Promise.all(rentals.map((r) => json<Rental>(ola.request(`/api/rentals/${r.id}`))));
    expect(received.map((r) => r.receivedAt)).toEqual([at(16), at(16)]);
    // An earlier status arriving after delivered changes nothing.
    expect(await json(webhook(tn, 'out_for_delivery', at(15)))).toEqual({ recorded: true, advanced: false });
    view = (await json<ParcelList>(ola.request(`/api/parcels?rentalId=${rentals[0]!.id}`))).parcels[0]!;
    expect(view).toMatchObject({ trackingStatus: 'delivered', deliveredAt: at(16) });
    expect(view.events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(await count()).toBe(4);
    // Her order shows the same parcel.
    const byOrder = await json<ParcelList>(ola.request(`/api/parcels?orderNumber=${rentals[0]!.orderNumber}`));
    expect(byOrder.parcels.map((p) => p.id)).toEqual([parcel.id]);
  });

  it('stops the late-fee clock at the return parcel’s first carrier scan: on time owes nothing, late counts only to the scan', async () => {
    day('2026-11-05');
    const rae = await renter({ fullName: 'Rae Return' });
    const { rentals } = await sentParcel(rae, 3);
    const [onTime, late, lost] = rentals as [Rental, Rental, Rental];
    const due = onTime.returnDate;
    const noon = (d: string) => `${d}T17:00:00.000Z`;
    const plus = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);

    // One return parcel for two pieces she sends back together; another for the third.
    const both = await json<Parcel>(post(rae, '/api/parcels/returns', { rentalIds: [onTime.id, lost.id] }), 201);
    expect(both).toMatchObject({ kind: 'return', status: 'dispatched' });
    expect(both.pieces).toHaveLength(2);
    expect((await post(rae, '/api/parcels/returns', { rentalIds: [onTime.id] })).status).toBe(409);
    const lateParcel = await json<Parcel>(post(rae, '/api/parcels/returns', { rentalIds: [late.id] }), 201);
    const svg = await rae.request(`/api/parcels/${both.id}/label.svg`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    expect((await staff.request(`/api/parcels/${both.id}/label.svg`)).status).toBe(404);

    // Scanned by the carrier on the return date; the other two days after it; then the first is lost.
    expect((await webhook(both.trackingNumber!, 'picked_up', noon(due))).status).toBe(200);
    expect((await webhook(lateParcel.trackingNumber!, 'picked_up', noon(plus(due, 2)))).status).toBe(200);
    expect((await webhook(both.trackingNumber!, 'exception', noon(plus(due, 1)))).status).toBe(200);

    // Ten days after the return date: nothing accrues for the lost parcel; the late one counts 2 days.
    day(plus(due, 10));
    const lostView = await json<Rental>(rae.request(`/api/rentals/${lost.id}`));
    expect(lostView.late).toBeNull();
    expect((await json<Rental>(rae.request(`/api/rentals/${late.id}`))).late).toMatchObject({ days: 2 });

    expect((await checkIn(staff, await unitOf(onTime.id), { condition: 'good' })).status).toBe(200);
    expect((await checkIn(staff, await unitOf(late.id), { condition: 'good' })).status).toBe(200);
    const rows = await t.ctx.database.db
      .selectFrom('rentals')
      .select(['id', 'late_days', 'late_fee_cents'])
      .where('id', 'in', [onTime.id, late.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.late_days, r.late_fee_cents])).toEqual([
      [0, 0],
      [2, 2 * 100],
    ]);
  });
});
