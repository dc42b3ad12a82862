import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../domain/errors';
import { ACCOUNT_CASES } from './test/access/cases-account';
import { LISTING_CASES } from './test/access/cases-listings';
import { PROTECTION_CASES } from './test/access/cases-protection';
import { RENTAL_CASES } from './test/access/cases-rentals';
import { PARCEL_CASES } from './test/access/cases-parcels';
import { PRELOVED_CASES } from './test/access/cases-preloved';
import { POLICY_CASES } from './test/access/cases-policies';
import { A_CARD_HOLDER, A_NAME, A_STREET, type Case, type Scenario, type Target } from './test/access/matrix';
import { buildScenario, snapshotOfA } from './test/access/scenario';
import { listApiRoutes, type ApiRoute } from './test/routes';
import { createTestApp, type TestApp, type TestMember } from './test/test-app';

/*
 * The access-control matrix. Member A owns one of everything (a paid plan with a card, a pickup
 * option, match views, likes and progress, a favorite, an RSVP, two listings with
 * photos, one of them rented by C, a rental of her own). For every member route, and every route
 * with path parameters, a case (src/server/test/access/cases-*.ts) aims a request at A's resources:
 *  - a visitor sending it gets 401 in the error shape (member routes);
 *  - member B sending it is refused with 404/403, or, on self-scoped routes without ids, gets an
 *    answer about B only (A's email, id, name and card never appear in it);
 *  - A's rows in every table are the same before and after.
 * The routes come from the app's own OpenAPI document: a new member route without a case fails.
 * Every /api/ops route (the operations desk) is staff-only: a visitor gets 401, member B 403
 * (FORBIDDEN), and staff member S an answer; a new /api/ops route without a staffOnly case fails.
 *
 * The cases live in src/server/test/access/cases-*.ts, the scenario in scenario.ts.
 */

let t: TestApp;
let s: Scenario;
let routes: ApiRoute[];
const covered = new Set<string>();

/** Keys are "METHOD /api/path/{param}" exactly as in the OpenAPI document. */
const CASES: Record<string, Case> = {
  ...ACCOUNT_CASES,
  ...LISTING_CASES,
  ...RENTAL_CASES,
  ...PARCEL_CASES,
  ...PROTECTION_CASES,
  ...PRELOVED_CASES,
  ...POLICY_CASES,
};

const keyOf = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path}`;
const templateRegex = (key: string) => new RegExp(`^${key.split(' ')[1]!.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);

async function send(who: TestMember | null, target: Target): Promise<Response> {
  const init = {
    method: target.method,
    ...(target.json !== undefined ? { json: target.json } : {}),
    ...(target.form ? { body: await target.form() } : {}),
  };
  return who ? who.request(target.path, init) : t.request(target.path, init);
}

function expectNoTraceOfA(text: string, where: string) {
  for (const marker of [s.a.id, s.a.email, A_NAME, A_CARD_HOLDER, A_STREET]) {
    expect(text.includes(marker), `${where} shows A's data (${marker}): ${text.slice(0, 300)}`).toBe(false);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  routes = await listApiRoutes(t.app);
  s = await buildScenario(t);
}, 120_000);

afterAll(async () => {
  const member = routes?.filter((r) => r.member).length ?? 0;
  const withParams = routes?.filter((r) => !r.member && r.pathParams.length).length ?? 0;
  console.log(
    `access matrix (${t?.dialect}): ${covered.size} routes covered — ${member} member routes (visitor 401 + member B refused/own-only) and ${withParams} public routes with path parameters; A's rows unchanged after each`,
  );
  await t?.close();
});

describe(`access-control matrix (${process.env.TEST_DIALECT})`, () => {
  it('has a case for every member route and every route with path parameters, and none for routes that are gone', () => {
    const keys = new Set(routes.map(keyOf));
    const required = routes.filter((r) => r.member || r.pathParams.length > 0).map(keyOf);
    const missing = required.filter((k) => !(k in CASES));
    expect(
      missing,
      `member routes without an access case: add them to one of src/server/test/access/cases-*.ts`,
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !keys.has(k)),
      'cases for routes that no longer exist',
    ).toEqual([]);
  });

  it('has a staff-only case for every /api/ops route, and every one of them declares cookie auth', () => {
    const ops = routes.filter((r) => r.path.startsWith('/api/ops'));
    expect(ops.length).toBeGreaterThanOrEqual(7);
    for (const r of ops) {
      expect(r.member, `${keyOf(r)} declares cookie auth`).toBe(true);
      expect(CASES[keyOf(r)]?.staffStatus, `${keyOf(r)}: add a staffOnly(...) case`).toBeDefined();
    }
    expect(
      Object.entries(CASES)
        .filter(([k, c]) => c.staffStatus !== undefined && !k.split(' ')[1]!.startsWith('/api/ops'))
        .map(([k]) => k),
    ).toEqual([]);
  });

  it('A has everything the cases aim at', async () => {
    const snap = await snapshotOfA(t, s);
    for (const table of [
      'subscriptions',
      'payment_methods',
      'charges',
      'pickup_preferences',
      'user_viewed_items',
      'user_liked_items',
      'user_session_progress',
      'user_daily_views',
      'event_rsvps',
      'listings',
      'listing_photos',
      'rentals',
      'bookings',
      'notifications',
      'orders',
      'payment_ledger',
      'delivery_addresses',
    ]) {
      expect(snap[table]?.length ?? 0, `A has rows in ${table}`).toBeGreaterThan(0);
    }
  });

  for (const [key, kase] of Object.entries(CASES)) {
    it(key, async () => {
      const route = routes.find((r) => keyOf(r) === key);
      if (!route) throw new Error(`no such route: ${key}`);
      const target = kase.target(s);
      expect(`${target.method} ${target.path}`.split(' ')[0]).toBe(key.split(' ')[0]);
      expect(target.path, `the case for ${key} aims at another route`).toMatch(templateRegex(key));
      const before = await snapshotOfA(t, s);

      // A visitor.
      const anon = await send(null, target);
      const anonText = await anon.text();
      expectNoTraceOfA(anonText, `visitor ${key}`);
      if (route.member) {
        expect(anon.status, `visitor ${key}: ${anonText.slice(0, 200)}`).toBe(401);
        const parsed = ApiErrorSchema.safeParse(JSON.parse(anonText));
        expect(parsed.success, anonText).toBe(true);
        expect(parsed.data?.error.code).toBe('UNAUTHENTICATED');
      } else {
        await kase.expect(s, anon, anonText, null);
      }

      // Member B.
      const res = await send(s.b, target);
      const text = await res.text();
      expectNoTraceOfA(text, `B ${key}`);
      await kase.expect(s, res, text, s.b);

      // Staff member S, on a staff route: let in (the route is guarded by role, not broken).
      if (kase.staffStatus !== undefined) {
        const staffRes = await send(s.staff, target);
        expect(staffRes.status, `staff ${key}: ${(await staffRes.text()).slice(0, 200)}`).toBe(kase.staffStatus);
      }

      expect(await snapshotOfA(t, s), `A's rows changed by ${key}`).toEqual(before);
      covered.add(key);
    });
  }

  it('A still has her photos, rental, listings and spot after the whole matrix', async () => {
    for (const p of [0, 1]) expect((await s.a.request(`/api/listings/${s.aListingId}/photos/${p}`)).status).toBe(200);
    expect((await s.a.request(`/api/rentals/${s.aRentalId}`)).status).toBe(200);
    const listings = (await (await s.a.request('/api/listings')).json()) as {
      listings: { id: number }[];
      totalEarningsCents: number;
    };
    expect(listings.listings.map((l) => l.id).sort()).toEqual(
      [s.aListingId, s.aRentedListingId, s.aPendingListingId].sort(),
    );
    expect((await s.a.request(`/api/listings/${s.aPendingListingId}/photos/0`)).status).toBe(200);
    const notes = (await (await s.a.request('/api/notifications')).json()) as { unreadCount: number };
    // Her two listings approved, C's request for one of them, C's message.
    expect(notes.unreadCount).toBe(4);
    expect(listings.totalEarningsCents).toBeGreaterThan(0);
    const events = (await (await s.a.request('/api/events')).json()) as { events: { id: number; reserved: boolean }[] };
    expect(events.events.find((e) => e.id === s.eventId)?.reserved).toBe(true);
    const me = (await (await s.a.request('/api/me')).json()) as { fullName: string };
    expect(me.fullName).toBe(A_NAME);
  });
});
