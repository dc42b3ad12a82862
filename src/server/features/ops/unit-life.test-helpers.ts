import { afterAll, beforeAll, expect } from 'vitest';
import type { CheckInInput, DeskRental } from '../../../domain/ops';
import { makeItem } from '../../test/factories';
import { readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the unit's life tests (unit-life*.api.test.ts): an unseeded app on a clock the
 * tests move, two staff members, and the desk's moves as one-liners. Call unitLifeTestApp() at
 * the top of the file; read t, staff and colleague inside the tests (made in beforeAll).
 */

export function unitLifeTestApp() {
  let now = new Date('2026-12-01T09:00:00Z');
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  let colleague: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now, env: { jobRetryDelaySeconds: 0 } });
    staff = await makeStaff(t, { fullName: 'Sol Staff' });
    colleague = await makeStaff(t, { fullName: 'Cas Colleague' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('unitLifeTestApp: read t and staff inside a test (made in beforeAll)');
    return value;
  };
  let counter = 0;
  const app = {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
    get colleague() {
      return made(colleague);
    },
    /** Moves the clock to 09:00 UTC of a day. */
    day(iso: string) {
      now = new Date(`${iso}T09:00:00Z`);
    },
    setNow(at: Date) {
      now = at;
    },
    /** A house piece with `units` units of size M (retail $600, weekly $29.99 unless said). */
    makeItem: (opts: { units?: number; weeklyCents?: number; retailCents?: number } = {}): Promise<number> =>
      makeItem(app.t, {
        name: `Life Gown ${(counter += 1)}`,
        brand: 'Erdem',
        category: 'Dresses',
        colour: 'green',
        units: opts.units ?? 1,
        retailCents: opts.retailCents ?? 60_000,
        priceCents: opts.weeklyCents ?? 2_999,
        reviewCount: 3,
        description: 'A gown for the life of a unit.',
      }),
    /** A member ready to book pay per item (decision 0030): a card on file, a delivery address, delivery chosen. */
    renter: async (opts?: { fullName?: string }) => readyToRent(await app.t.signUp(opts)),
    book: (m: TestMember, body: Record<string, unknown>) =>
      m.request('/api/rentals', { method: 'POST', json: { size: 'M', ...body } }),
    checkIn: (who: TestMember, code: string, body: CheckInInput) =>
      who.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: body }),
    unitOf: async (rentalId: number) =>
      (await json<DeskRental>(app.staff.request(`/api/ops/rentals/${rentalId}`))).unitCode,
    browse: async (from: string, to: string) =>
      (
        await json<{ items: { id: number }[] }>(app.t.request(`/api/items?size=M&from=${from}&to=${to}&limit=48`))
      ).items.map((i) => i.id),
  };
  return app;
}

export async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}

export const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '08',
  expiryYear: '2031',
  cvv: '123',
  cardholderName: 'Lola Late',
  billingAddress: { street: '1 Slow Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};
