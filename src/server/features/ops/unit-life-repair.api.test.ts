import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, UnitDetail } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { dispatchRental } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { makeJpeg } from '../listings/listings.test-helpers';
import { json, unitLifeTestApp } from './unit-life.test-helpers';

/*
 * The unit's life at the desk, off the shelf: repair, retirement (its reservations move to another
 * unit), and check-in photos (the setup: unit-life.test-helpers.ts).
 */

const u = unitLifeTestApp();
const { day, makeItem, renter, book, checkIn, unitOf, browse } = u;
let t: TestApp;
let staff: TestMember;
beforeAll(() => {
  ({ t, staff } = u);
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
