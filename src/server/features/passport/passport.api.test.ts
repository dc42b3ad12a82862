import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemPassport, UnitHistory } from '../../../domain/passport';
import type { Rental } from '../../../domain/rentals';
import type { TestApp, TestMember } from '../../test/test-app';
import { json, unitLifeTestApp } from '../ops/unit-life.test-helpers';

/*
 * The garment's passport (decision 0059) on a real database: the item page's summary of each
 * rentable unit (times rented, last check-in grade and day, last cleaned, repairs; no names or
 * notes), and the desk's whole history of a unit (staff only).
 */

const u = unitLifeTestApp();
let t: TestApp;
let staff: TestMember;
beforeAll(() => {
  ({ t, staff } = u);
});
const post = (path: string, body?: unknown) => staff.request(path, { method: 'POST', ...(body ? { json: body } : {}) });

describe(`the garment's passport (${process.env.TEST_DIALECT})`, () => {
  it("tells a renter each piece's history and the desk a unit's whole story", async () => {
    u.day('2026-12-01');
    const itemId = await u.makeItem({ units: 2 });
    const fresh = await json<ItemPassport>(t.request(`/api/passport/items/${itemId}`));
    expect(fresh.units).toEqual([
      { size: 'M', unitNo: 1, timesRented: 0, lastCheckIn: null, lastCleanedOn: null, repairs: 0 },
      { size: 'M', unitNo: 2, timesRented: 0, lastCheckIn: null, lastCleanedOn: null, repairs: 0 },
    ]);

    // Rented, sent, checked in as good with a note, cleaned.
    const ana = await u.renter({ fullName: 'Ana Passport' });
    const rental = await json<Rental>(u.book(ana, { itemId }), 201);
    await json(post(`/api/ops/rentals/${rental.id}/dispatch`));
    const code = await u.unitOf(rental.id);
    u.day('2026-12-08');
    await json(u.checkIn(staff, code, { condition: 'good', note: 'Loose button' }));
    u.day('2026-12-09');
    await json(post(`/api/ops/units/${code}/cleaning-done`));
    // Then to repair and back.
    await json(post(`/api/ops/units/${code}/repair`, { reason: 'Button to sew' }));
    await json(post(`/api/ops/units/${code}/repair-done`));

    const passport = await json<ItemPassport>(t.request(`/api/passport/items/${itemId}`));
    const worn = passport.units.find((x) => x.timesRented === 1);
    expect(worn).toMatchObject({
      timesRented: 1,
      lastCheckIn: { condition: 'good', date: '2026-12-08' },
      lastCleanedOn: '2026-12-09',
      repairs: 1,
    });
    const text = JSON.stringify(passport);
    expect(text).not.toContain('Ana');
    expect(text).not.toContain('Loose button');

    // The desk's history: newest first, with the member, the grade and the note.
    const history = await json<UnitHistory>(staff.request(`/api/ops/passport/units/${code}`));
    expect(history).toMatchObject({ unitCode: code, itemId, size: 'M', summary: worn });
    expect(history.events.map((e) => e.kind)).toEqual([
      'repair_done',
      'sent_to_repair',
      'cleaning_done',
      'checked_in',
      'rented',
    ]);
    expect(history.events.find((e) => e.kind === 'checked_in')).toMatchObject({
      condition: 'good',
      detail: 'Loose button',
      member: 'Ana Passport',
      rentalId: rental.id,
    });

    // Staff only; unknown items and units are 404.
    expect((await ana.request(`/api/ops/passport/units/${code}`)).status).toBe(403);
    expect((await t.request(`/api/ops/passport/units/${code}`)).status).toBe(401);
    expect((await t.request('/api/passport/items/999999')).status).toBe(404);
    expect((await staff.request('/api/ops/passport/units/RT-999999')).status).toBe(404);
  });
});
