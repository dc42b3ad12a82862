import { afterAll, beforeAll } from 'vitest';
import type { Rental, RentalList } from '../../../domain/rentals';
import { makeItem } from '../../test/factories';
import { readyToRent } from '../../test/renter';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the rentals tests (rentals*.api.test.ts): an unseeded app on a clock the tests
 * move (from 2026-11-22 10:00 UTC), and the moves they repeat. Call rentalsTestApp() at the top of
 * the file; read `t` inside the tests (made in beforeAll).
 */
export function rentalsTestApp() {
  let now = new Date('2026-11-22T10:00:00Z');
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: () => now });
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = {
    get t(): TestApp {
      if (!t) throw new Error('rentalsTestApp: read t inside a test (made in beforeAll)');
      return t;
    },
    setNow(at: Date) {
      now = at;
    },
    /** A house item with `units` units of each size (S and M unless said). */
    makeItem: (opts: { units?: number; sizes?: string[]; priceCents?: number } = {}): Promise<number> =>
      makeItem(app.t, { sizes: opts.sizes ?? ['S', 'M'], units: opts.units ?? 1, priceCents: opts.priceCents ?? 799 }),
    /** A member's listing written straight to the database (the upload is not what these tests are about). */
    makeListing: (ownerId: string, priceCents = 2_000): Promise<number> =>
      makeItem(app.t, { sizes: ['M'], units: 1, priceCents, ownerId }),
    /** A Weekly member ready to pay per item: a card on file, a delivery address, delivery chosen. */
    renter: async (opts?: { fullName?: string }) => readyToRent(await app.t.signUp(opts)),
  };
  return app;
}

export const book = (m: TestMember, json: unknown) => m.request('/api/rentals', { method: 'POST', json });
export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
export async function rentalsOf(m: TestMember, status = 'open'): Promise<Rental[]> {
  return ((await (await m.request(`/api/rentals?status=${status}`)).json()) as RentalList).rentals;
}
