import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, DeskRental, TodayBoard, UnitDetail, UnitList } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { dispatchRental } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { json, unitLifeTestApp } from './unit-life.test-helpers';

/*
 * The unit's life at the desk on a real database (SQLite here, PostgreSQL in api-postgres), with
 * a clock the tests move: dispatch, the member's receipt and return, check-in with a grade and a
 * late fee charged once through the payment provider, the cleaning window in availability,
 * repair, retirement, the hold of overdue units, and check-in photos. Late returns are in
 * unit-life-late.api.test.ts, repair and retirement in unit-life-repair.api.test.ts, the setup in
 * unit-life.test-helpers.ts.
 */

const u = unitLifeTestApp();
const { day, makeItem, renter, book, checkIn, unitOf, browse } = u;
let t: TestApp;
let staff: TestMember;
let colleague: TestMember;
beforeAll(() => {
  ({ t, staff, colleague } = u);
});

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
    await json(m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studio.id } }));
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
