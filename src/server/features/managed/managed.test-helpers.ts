import { afterAll, beforeAll, expect } from 'vitest';
import type { Listing } from '../../../domain/listings';
import type { Care } from '../../../domain/managed-lending';
import type { DeskBoard } from '../../../domain/managed-lending';
import type { DeskRental } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { listingForm, makeJpeg, sampleListing } from '../listings/listings.test-helpers';
import { readyToRent } from '../../test/renter';
import { approveListing, dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { verified } from '../../test/verified';

/*
 * The setup of the managed lending tests (decision 0062): an unseeded app on a clock the tests
 * move, a staff member, and the steps from listing to live as one-liners.
 */
export function managedTestApp() {
  let now = new Date('2026-12-01T09:00:00Z');
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now });
    staff = await makeStaff(t, { fullName: 'Sam Staff' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('managedTestApp: read t inside a test');
    return v;
  };
  const app = {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
    day(iso: string) {
      now = new Date(`${iso}T09:00:00Z`);
    },
    member: async (fullName: string) => readyToRent(await app.t.signUp({ fullName })),
    /** She lists a piece as managed (the default) and staff approve it: it waits for its intake. */
    async listManaged(lender: TestMember, name = 'Silk Slip Dress'): Promise<number> {
      await verified(lender); // lending asks a verified identity (decision 0068)
      const { lendingMode: _omitted, ...input } = sampleListing({ name });
      const listing = await json<Listing>(
        lender.request('/api/listings', {
          method: 'POST',
          body: listingForm(input, [{ data: await makeJpeg(), name: 'a.jpg', type: 'image/jpeg' }]),
        }),
        201,
      );
      expect(listing.lendingMode).toBe('managed');
      await approveListing(app.staff, listing.id);
      return listing.id;
    },
    intakeOf: async (itemId: number) =>
      (await json<DeskBoard>(app.staff.request('/api/ops/managed'))).incoming.find((i) => i.itemId === itemId)!,
    desk: (path: string, body?: unknown) =>
      app.staff.request(`/api/ops/managed${path}`, { method: 'POST', ...(body ? { json: body } : {}) }),
    /** From approved to live: a pickup booked, received, checked and cleaned. */
    async bringIn(lender: TestMember, itemId: number): Promise<void> {
      await json<Care>(
        post(lender, `/api/managed/items/${itemId}/intake`, {
          method: 'pickup',
          day: '2026-12-03',
          address: '4 Rue des Archives, Paris 75004',
        }),
      );
      const intake = await app.intakeOf(itemId);
      await json(app.desk(`/intakes/${intake.id}/receive`));
      await json(app.desk(`/intakes/${intake.id}/check`, { accept: true, note: 'As in her photos.' }));
      await json(app.desk(`/intakes/${intake.id}/live`));
    },
    book: (m: TestMember, itemId: number, startDate: string, endDate: string) =>
      post(m, '/api/rentals', { itemId, size: 'M', startDate, endDate }),
    /** Staff dispatch the rental and check it in as good. */
    async outAndBack(rentalId: number): Promise<void> {
      await dispatchRental(app.staff, rentalId);
      const code = (await json<DeskRental>(app.staff.request(`/api/ops/rentals/${rentalId}`))).unitCode;
      await json(app.staff.request(`/api/ops/units/${code}/check-in`, { method: 'POST', json: { condition: 'good' } }));
    },
    cleaned: async (rentalId: number) => {
      const code = (await json<DeskRental>(app.staff.request(`/api/ops/rentals/${rentalId}`))).unitCode;
      await json(app.staff.request(`/api/ops/units/${code}/cleaning-done`, { method: 'POST' }));
    },
  };
  return app;
}

export type BookedRental = Rental;

export const post = (m: TestMember, path: string, body?: unknown) =>
  m.request(path, { method: 'POST', ...(body !== undefined ? { json: body } : {}) });

export async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}

export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
