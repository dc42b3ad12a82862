import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskRental } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { makeUnit } from '../../test/factories';
import { makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/**
 * The backup size (issue 17, decision 0034): a second size of the same piece held with a booking
 * at no charge; its hold follows the rental's booking (a trigger), so returning or cancelling the
 * rental frees both, and a booking whose backup size has no free unit books nothing.
 */
const now = new Date('2026-11-22T10:00:00Z');
let t: TestApp;
let staff: TestMember;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  staff = await makeStaff(t);
});
afterAll(async () => {
  await t?.close();
});

const renter = async () => readyToRent(await t.signUp());
const book = (m: TestMember, json: unknown) => m.request('/api/rentals', { method: 'POST', json });
const errorOf = async (res: Response) =>
  (
    (await res.json()) as {
      error: { code: string; message: string; details?: Record<string, unknown>; issues?: { path: string }[] };
    }
  ).error;

/** The item's bookings still holding a unit, with the unit's size. */
async function liveHolds(itemId: number) {
  return t.ctx.database.db
    .selectFrom('bookings')
    .innerJoin('item_units', 'item_units.id', 'bookings.unit_id')
    .select([
      'bookings.id',
      'item_units.size',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.follows_booking_id',
    ])
    .where('bookings.item_id', '=', itemId)
    .where('bookings.released_at', 'is', null)
    .execute();
}

async function charges(userId: string) {
  return t.ctx.database.db
    .selectFrom('payment_ledger')
    .select(['amount_cents', 'status'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .execute();
}

describe(`backup size (${process.env.TEST_DIALECT})`, () => {
  it('holds a unit of both sizes for the same days at the price of one, and the desk sees the backup on the rental', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M'], priceCents: 1_500 });
    const m = await renter();
    const res = await book(m, { itemId, size: 'S', backupSize: 'M' });
    expect(res.status, await res.clone().text()).toBe(201);
    const rental = (await res.json()) as Rental;
    expect(rental.backupSize).toBe('M');
    expect(rental.chargeCents).toBe(1_500);
    expect((await charges(m.id)).map((c) => c.amount_cents)).toEqual([1_500]);

    const holds = await liveHolds(itemId);
    expect(holds.map((h) => h.size).sort()).toEqual(['M', 'S']);
    const [main, backup] = [holds.find((h) => h.size === 'S')!, holds.find((h) => h.size === 'M')!];
    expect(backup.follows_booking_id).toBe(main.id);
    expect([backup.start_date, backup.end_date]).toEqual([main.start_date, main.end_date]);

    // Nobody else can have the M for those days.
    const other = await renter();
    expect((await errorOf(await book(other, { itemId, size: 'M' }))).code).toBe('SOLD_OUT');

    const desk = (await (await staff.request(`/api/ops/rentals/${rental.id}`)).json()) as DeskRental;
    expect(desk.backup?.size).toBe('M');
    expect(desk.backup?.unitCode).toMatch(/^RT-\d{6,}$/);
  });

  it('cancelling the rental frees both sizes', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M'] });
    const m = await renter();
    const start = '2026-11-25';
    const rental = (await (
      await book(m, { itemId, size: 'S', backupSize: 'M', startDate: start, endDate: '2026-12-02' })
    ).json()) as Rental;
    expect((await m.request(`/api/rentals/${rental.id}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await liveHolds(itemId)).toEqual([]);
    const other = await renter();
    expect((await book(other, { itemId, size: 'M', startDate: start, endDate: '2026-12-02' })).status).toBe(201);
  });

  it('both come back together: check-in holds both for cleaning, cleaning done frees both; an extension holds both longer', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M'] });
    const m = await renter();
    const rental = (await (await book(m, { itemId, size: 'S', backupSize: 'M' })).json()) as Rental;
    const extended = await m.request(`/api/rentals/${rental.id}/extend`, {
      method: 'POST',
      json: { returnDate: rental.returnDate },
    });
    expect(extended.status, await extended.clone().text()).toBe(200);
    let holds = await liveHolds(itemId);
    expect(holds).toHaveLength(2);
    expect(holds[0]!.end_date).toBe(holds[1]!.end_date);

    await dispatchRental(staff, rental.id);
    expect((await m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' })).status).toBe(200);
    const desk = (await (await staff.request(`/api/ops/rentals/${rental.id}`)).json()) as DeskRental;
    expect(
      (await staff.request(`/api/ops/units/${desk.unitCode}/check-in`, { method: 'POST', json: { condition: 'good' } }))
        .status,
    ).toBe(200);
    holds = await liveHolds(itemId);
    expect(holds).toHaveLength(2);
    expect(holds[0]!.end_date).toBe(holds[1]!.end_date);
    expect((await staff.request(`/api/ops/units/${desk.unitCode}/cleaning-done`, { method: 'POST' })).status).toBe(200);
    expect(await liveHolds(itemId)).toEqual([]);
  });

  it('refuses a backup size that is the same size or not offered, and books nothing when the backup size is sold out', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M'] });
    const m = await renter();
    let e = await errorOf(await book(m, { itemId, size: 'S', backupSize: 'S' }));
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.issues?.[0]?.path).toBe('backupSize');
    e = await errorOf(await book(m, { itemId, size: 'S', backupSize: 'L' }));
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.issues?.[0]?.path).toBe('backupSize');

    const first = await renter();
    expect((await book(first, { itemId, size: 'M' })).status).toBe(201);
    const res = await book(m, { itemId, size: 'S', backupSize: 'M' });
    expect(res.status).toBe(409);
    e = await errorOf(res);
    expect(e.code).toBe('SOLD_OUT');
    expect(e.details).toMatchObject({ size: 'M', backup: true });
    expect(e.message).toMatch(/backup size/);
    // Nothing booked, nothing charged: the S is still free.
    expect((await liveHolds(itemId)).map((h) => h.size)).toEqual(['M']);
    expect(await charges(m.id)).toEqual([]);
    expect((await book(m, { itemId, size: 'S' })).status).toBe(201);
  });

  it('20 members booking with the last unit of the backup size at once: one gets it, the others book nothing', async () => {
    const itemId = await makeTestItem(t.ctx.database.db, { sizes: ['S', 'M'], units: 1 });
    // Twenty units of S, one of M.
    for (let n = 2; n <= 20; n += 1) await makeUnit(t, itemId, { size: 'S', unitNo: n });
    const members = await Promise.all(Array.from({ length: 20 }, () => renter()));
    const answers = await Promise.all(members.map((m) => book(m, { itemId, size: 'S', backupSize: 'M' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const holds = await liveHolds(itemId);
    expect(holds.filter((h) => h.size === 'M')).toHaveLength(1);
    expect(holds.filter((h) => h.size === 'S')).toHaveLength(1);
    const charged = (await Promise.all(members.map((m) => charges(m.id)))).flat();
    expect(charged).toHaveLength(1);
  }, 120_000);
});
