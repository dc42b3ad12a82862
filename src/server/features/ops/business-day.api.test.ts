import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskRental, TodayBoard } from '../../../domain/ops';
import type { Calendar, Rental } from '../../../domain/rentals';
import { makeItem } from '../../test/factories';
import { readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The business's day (decision 0047) on a real database (SQLite here, PostgreSQL in
 * api-postgres): the app runs on the default BUSINESS_TIME_ZONE, America/New_York, and its clock
 * is moved to the evening in New York, when the UTC date is already the next day. A rental due
 * back today is not overdue at 8 pm ET (01:00 UTC the next day): no late fee, no overdue notice,
 * no extra hold of its unit, the calendar still offers today; it becomes overdue at midnight ET.
 */

let now = new Date('2026-11-01T14:00:00Z');
let t: TestApp;
let staff: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  staff = await makeStaff(t, { fullName: 'Nia Desk' });
});
afterAll(async () => {
  await t?.close();
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}

/** A house dress with one unit of M, made on the test's clock. */
const makeDress = (name: string): Promise<number> =>
  makeItem(t, {
    name,
    brand: 'Khaite',
    category: 'Dresses',
    retailCents: 60_000,
    priceCents: 2_800,
    reviewCount: 3,
    description: 'A dress for the evening.',
  });

const overdueNotices = async (userId: string) =>
  (
    await t.ctx.database.db
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', userId)
      .where('kind', '=', 'overdue_notice')
      .execute()
  ).map((n) => n.body);

describe(`the business's day is New York's (${process.env.TEST_DIALECT})`, () => {
  it('a rental due back today is not overdue at 8 pm ET (01:00 UTC the next day): no fee, no notice, no extra hold; overdue from midnight ET', async () => {
    // Sunday 1 November 2026, 9 am ET: she books the default week, 1 to 8 November.
    const itemId = await makeDress('Evening Slip');
    const maya = await readyToRent(await t.signUp({ fullName: 'Maya Evening' }));
    const rental = await json<Rental>(
      maya.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }),
      201,
    );
    expect(rental).toMatchObject({ startDate: '2026-11-01', returnDate: '2026-11-08' });
    await dispatchRental(staff, rental.id);
    await json(maya.request(`/api/rentals/${rental.id}/received`, { method: 'POST' }));

    // Sunday 8 November, 8 pm ET: 2026-11-09T01:00Z. Her return date is today.
    now = new Date('2026-11-09T01:00:00Z');
    const evening = await json<Rental>(maya.request(`/api/rentals/${rental.id}`));
    expect(evening).toMatchObject({ status: 'out', late: null });
    expect(evening.actions).toContain('return');
    const board = await json<TodayBoard>(staff.request('/api/ops/today'));
    expect(board.date).toBe('2026-11-08');
    expect(board.dueBack.map((r) => r.rentalId)).toContain(rental.id);
    expect(board.overdue.map((r) => r.rentalId)).not.toContain(rental.id);
    // The reminder scan tells her nothing is missing, and the daily hold leaves her unit's hold alone.
    await t.services.notifications.scan();
    expect(await overdueNotices(maya.id)).toEqual([]);
    expect(await t.services.units.holdOverdueUnits()).toEqual({ held: 0, moved: 0, stranded: 0 });
    // Today is still a day another member can start a rental on (the calendar does not grey it out).
    const calendar = await json<Calendar>(t.request(`/api/items/${await makeDress('Morning Coat')}/calendar?size=M`));
    expect(calendar).toMatchObject({ today: '2026-11-08', firstFreeStart: '2026-11-08' });

    // She sends it back at 8 pm ET on her return date: on time, no late fee at check-in the next day.
    const back = await json<Rental>(maya.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    expect(back).toMatchObject({ status: 'returning', late: null });
    expect((await json<TodayBoard>(staff.request('/api/ops/today'))).returnedToday.map((r) => r.rentalId)).toContain(
      rental.id,
    );
    now = new Date('2026-11-09T15:00:00Z');
    const code = (await json<DeskRental>(staff.request(`/api/ops/rentals/${rental.id}`))).unitCode;
    const checked = await json<{ rental: DeskRental }>(
      staff.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: { condition: 'good' } }),
    );
    expect(checked.rental).toMatchObject({ status: 'returned', daysLate: 0, lateFeeCents: 0, lateFeeStatus: null });
    // Sent back yesterday evening (ET), so not "returned today" on the 9th.
    expect(
      (await json<TodayBoard>(staff.request('/api/ops/today'))).returnedToday.map((r) => r.rentalId),
    ).not.toContain(rental.id);
  });

  it('the same rental kept past midnight ET is one day late, with its fee and the overdue notice', async () => {
    now = new Date('2026-11-15T14:00:00Z');
    const itemId = await makeDress('Late Slip');
    const lena = await readyToRent(await t.signUp({ fullName: 'Lena Late' }));
    const rental = await json<Rental>(
      lena.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }),
      201,
    );
    expect(rental.returnDate).toBe('2026-11-22');
    await dispatchRental(staff, rental.id);

    // 11:30 pm ET on her return date (04:30 UTC the next day): still on time.
    now = new Date('2026-11-23T04:30:00Z');
    expect(await json<Rental>(lena.request(`/api/rentals/${rental.id}`))).toMatchObject({ status: 'out', late: null });
    await t.services.notifications.scan();
    expect(await overdueNotices(lena.id)).toEqual([]);

    // 00:30 am ET the next day (05:30 UTC): overdue, one day late, and told so by the next scan.
    now = new Date('2026-11-23T05:30:00Z');
    expect(await json<Rental>(lena.request(`/api/rentals/${rental.id}`))).toMatchObject({
      status: 'overdue',
      late: { days: 1, feeCents: 400, status: 'accruing' },
    });
    await t.services.notifications.scan();
    expect(await overdueNotices(lena.id)).toEqual([expect.stringContaining('was due back on Sunday 22 November')]);
  });
});
