import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../domain/errors';
import { addDays } from '../domain/catalogue.rules';
import { isStudioOpen } from '../domain/support.rules';
import { unitCode } from '../domain/unit-life';
import { listingForm, makePng, sampleListing } from './features/listings/listings.test-helpers';
import { listApiRoutes, type ApiRoute } from './test/routes';
import { readyToRent, requestAndAccept } from './test/renter';
import { approveListing, makeStaff } from './test/staff';
import { createTestApp, type TestApp, type TestMember } from './test/test-app';
import { businessDayFromToday } from './test/business-day';

/*
 * The access-control matrix. Member A owns one of everything (a paid plan with a card, a pickup
 * option, match views, likes and progress, a wishlist favourite, an RSVP, two listings with
 * photos, one of them rented by C, a rental of her own). For every member route, and every route
 * with path parameters, a case below aims a request at A's resources:
 *  - a visitor sending it gets 401 in the error shape (member routes);
 *  - member B sending it is refused with 404/403, or, on self-scoped routes without ids, gets an
 *    answer about B only (A's email, id, name and card never appear in it);
 *  - A's rows in every table are the same before and after.
 * The routes come from the app's own OpenAPI document: a new member route without a case fails.
 * Every /api/ops route (the operations desk) is staff-only: a visitor gets 401, member B 403
 * (FORBIDDEN), and staff member S an answer; a new /api/ops route without a staffOnly case fails.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Target {
  method: Method;
  path: string;
  json?: unknown;
  form?: () => Promise<FormData>;
}
interface Scenario {
  a: TestMember;
  b: TestMember;
  c: TestMember;
  /** A staff member (made with the staff command's function). */
  staff: TestMember;
  /** A's listing still waiting for review (not public). */
  aPendingListingId: number;
  /** A notification of A's (her listings' approval). */
  aNotificationId: number;
  /** A's rental of a house item with a single unit. */
  aRentalId: number;
  aRentedItemId: number;
  /** A's listing rented by C, and A's available listing (two photos). */
  aRentedListingId: number;
  aListingId: number;
  /** Liked by A in the match deck, skipped by A, added by A to the wishlist. */
  likedItemId: number;
  skippedItemId: number;
  wishItemId: number;
  /** The event A holds a spot for. */
  eventId: number;
  /** A house item B may rent (two units). */
  freeItemId: number;
  slug: string;
  /** One of A's sessions. */
  aSessionId: string;
  /** A day the styling studio is open, where A holds the 10:00 appointment. */
  appointmentDate: string;
  /** The code of the unit A's rental holds. */
  aUnitCode: string;
  /** C's reservation of a house piece, cancelled before it left (the desk's moves on it are 409s). */
  cCancelledRentalId: number;
  /** Three units of a house piece of nobody's, on the shelf: the desk's unit moves aim at them. */
  opsUnitCodes: [string, string, string];
  /** The order of A's rental. */
  aOrderNumber: string;
  /** A's place on the waitlist (for the piece she holds the only unit of, her own dates), and her shortlist. */
  aWaitlistEntryId: number;
  aShortlistId: number;
  /** C's request for A's rented listing (accepted), its rental (the thread), and days A blocked on her other listing. */
  aRequestId: number;
  aRequestRentalId: number;
  aBlockId: number;
}
interface Case {
  /** The request aimed at A's resources (A's ids in the path, a valid body). */
  target: (s: Scenario) => Target;
  /** What B (and, on public routes, a visitor) must get, and B's further attempts. */
  expect: (s: Scenario, res: Response, text: string, who: TestMember | null) => Promise<void> | void;
  /** A staff-only route (/api/ops): B gets 403; `staffStatus` is what staff member S gets. */
  staffStatus?: number;
}

// Distinctive values of A: none of them may ever show in an answer to B or a visitor.
const A_NAME = 'Aurelia Vandersloot';
const A_CARD_HOLDER = 'Aurelia Q Vandersloot';
const A_STREET = '77 Quillfeather Mews';
const A_MONTHLY_ITEMS = 6;
const A_MEN_INDEX = 37;

const CARD = (holder: string, street: string) => ({
  cardNumber: '5555 5555 5555 4444',
  expiryMonth: '09',
  expiryYear: '2031',
  cvv: '321',
  cardholderName: holder,
  billingAddress: { street, city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
});

const json = (text: string) => JSON.parse(text) as Record<string, unknown> & { error?: { code: string } };

/** B is refused: 404 (or 403), in the error shape. */
const refused = (target: Case['target']): Case => ({
  target,
  expect: (_s, res, text) => {
    expect([403, 404], `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
    expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
  },
});

/** B's own answer (2xx) about B only; `check` looks closer. */
const ownOnly = (
  target: Case['target'],
  check?: (s: Scenario, body: Record<string, unknown>, who: TestMember | null) => Promise<void> | void,
): Case => ({
  target,
  expect: async (s, res, text, who) => {
    expect(res.status, text.slice(0, 300)).toBeLessThan(300);
    if (check) await check(s, res.status === 204 || !text ? {} : json(text), who);
  },
});

/** A staff-only route: member B is refused with 403 FORBIDDEN; staff member S gets `staffStatus`. */
const staffOnly = (target: Case['target'], staffStatus = 200): Case => ({
  target,
  staffStatus,
  expect: (_s, res, text) => {
    expect(res.status, `member on a staff route: ${text.slice(0, 200)}`).toBe(403);
    const parsed = ApiErrorSchema.safeParse(json(text));
    expect(parsed.success, text).toBe(true);
    expect(parsed.data?.error.code).toBe('FORBIDDEN');
  },
});

const photoForm = async () => {
  const form = new FormData();
  form.append('photos', new File([new Uint8Array(await makePng(120, 160))], 'p.png', { type: 'image/png' }));
  return form;
};

let t: TestApp;
let s: Scenario;
let routes: ApiRoute[];
const covered = new Set<string>();

/** Keys are "METHOD /api/path/{param}" exactly as in the OpenAPI document. */
const CASES: Record<string, Case> = {
  // Account
  'GET /api/me': ownOnly(
    () => ({ method: 'GET', path: '/api/me' }),
    (st, body) => {
      expect(body).toMatchObject({ email: st.b.email });
    },
  ),
  'PATCH /api/me': ownOnly(
    () => ({ method: 'PATCH', path: '/api/me', json: { fullName: 'Bram Mallory' } }),
    (st, body) => {
      expect(body).toMatchObject({ id: st.b.id, fullName: 'Bram Mallory' });
    },
  ),
  // B's own account, with a wrong password: refused, and A's account is untouched.
  'DELETE /api/me': {
    target: () => ({ method: 'DELETE', path: '/api/me', json: { password: 'not the password' } }),
    expect: (_s, res, text) => {
      expect(res.status, text).toBe(403);
      expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
    },
  },
  'GET /api/me/sessions': ownOnly(
    () => ({ method: 'GET', path: '/api/me/sessions' }),
    (st, body) => {
      const sessions = body.sessions as { id: string; current: boolean }[];
      expect(sessions.map((x) => x.id)).not.toContain(st.aSessionId);
      expect(sessions.filter((x) => x.current)).toHaveLength(1);
    },
  ),
  // A's session, named by id: not B's to end.
  'DELETE /api/me/sessions/{sessionId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/me/sessions/${st.aSessionId}`,
  })),
  'POST /api/me/sessions/sign-out-others': ownOnly(
    () => ({ method: 'POST', path: '/api/me/sessions/sign-out-others' }),
    (_st, body) => {
      expect(body.ended).toBe(0);
    },
  ),
  'GET /api/me/export': ownOnly(
    () => ({ method: 'GET', path: '/api/me/export' }),
    (st, body) => {
      expect(body.account).toMatchObject({ id: st.b.id, email: st.b.email });
    },
  ),

  // Plans
  'GET /api/subscription': ownOnly(
    () => ({ method: 'GET', path: '/api/subscription' }),
    (_st, body) => {
      expect(body.itemCount).not.toBe(A_MONTHLY_ITEMS);
    },
  ),
  'PUT /api/subscription': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/subscription',
      json: { plan: 'monthly', itemCount: 4, userId: st.a.id, user_id: st.a.id },
    }),
    (_st, body) => {
      expect(body).toMatchObject({ plan: 'monthly', itemCount: 4 });
    },
  ),
  'GET /api/payment-method': ownOnly(
    () => ({ method: 'GET', path: '/api/payment-method' }),
    (_st, body) => {
      const card = body.card as { cardholderName: string } | null;
      if (card) expect(card.cardholderName).toBe('Bram Mallory');
    },
  ),
  'PUT /api/payment-method': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/payment-method',
      json: { ...CARD('Bram Mallory', '1 Mallory Lane'), userId: st.a.id },
    }),
    (_st, body) => {
      expect((body.subscription as { card: { cardholderName: string } }).card.cardholderName).toBe('Bram Mallory');
    },
  ),
  'GET /api/pickup': ownOnly(
    () => ({ method: 'GET', path: '/api/pickup' }),
    (_st, body) => {
      // A chose in-store; B only ever chooses online.
      expect(body.option).not.toBe('in-store');
      expect(body.studioId).toBeNull();
    },
  ),
  'PUT /api/pickup': ownOnly(
    (st) => ({ method: 'PUT', path: '/api/pickup', json: { option: 'online', userId: st.a.id } }),
    (_st, body) => {
      expect(body.option).toBe('online');
    },
  ),

  // Orders: the delivery address, the order history and receipts
  'GET /api/delivery-address': ownOnly(
    () => ({ method: 'GET', path: '/api/delivery-address' }),
    (_st, body) => {
      expect((body.address as { recipientName: string } | null)?.recipientName).toBe('Bram Mallory');
    },
  ),
  'PUT /api/delivery-address': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/delivery-address',
      json: {
        recipientName: 'Bram Mallory',
        line1: '1 Mallory Lane',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
        userId: st.a.id,
      },
    }),
    (_st, body) => {
      expect(body.address).toMatchObject({ recipientName: 'Bram Mallory', line1: '1 Mallory Lane' });
    },
  ),
  'GET /api/orders': ownOnly(
    () => ({ method: 'GET', path: '/api/orders' }),
    (st, body) => {
      expect((body.orders as { number: string }[]).map((o) => o.number)).not.toContain(st.aOrderNumber);
    },
  ),
  'GET /api/orders/{number}': refused((st) => ({ method: 'GET', path: `/api/orders/${st.aOrderNumber}` })),

  // Match and favourites
  'GET /api/match/deck': ownOnly(
    () => ({ method: 'GET', path: '/api/match/deck?gender=Women' }),
    (st, body) => {
      // A's views do not thin B's deck: the item A skipped is still there for B.
      expect(JSON.stringify(body)).toContain(`"id":${st.skippedItemId},`);
    },
  ),
  'GET /api/match/daily': ownOnly(
    () => ({ method: 'GET', path: '/api/match/daily' }),
    async (st, body) => {
      expect(body.count).toBe(await dailyCount(st.b.id));
    },
  ),
  'GET /api/match/progress': ownOnly(
    () => ({ method: 'GET', path: '/api/match/progress' }),
    (_st, body) => {
      expect((body.indexes as { Men: number }).Men).not.toBe(A_MEN_INDEX);
    },
  ),
  'PUT /api/match/progress': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/match/progress',
      json: { gender: 'Women', lastItemIndex: 1, userId: st.a.id },
    }),
    (_st, body) => {
      expect(body).toMatchObject({ currentGender: 'Women', indexes: { Women: 1, Men: 0 } });
    },
  ),
  'POST /api/match/swipes': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/match/swipes',
      json: { itemId: st.likedItemId, action: 'like', userId: st.a.id },
    }),
    async (st, body) => {
      expect(body).toMatchObject({ itemId: st.likedItemId, counted: true });
      expect((body.daily as { count: number }).count).toBe(await dailyCount(st.b.id));
    },
  ),
  'GET /api/favorites': ownOnly(
    () => ({ method: 'GET', path: '/api/favorites' }),
    (st, body) => {
      const ids = (body.items as { itemId: number }[]).map((f) => f.itemId);
      expect(ids).not.toContain(st.wishItemId);
    },
  ),
  'PUT /api/favorites/{itemId}': ownOnly(
    (st) => ({ method: 'PUT', path: `/api/favorites/${st.likedItemId}`, json: { userId: st.a.id } }),
    (st, body) => {
      expect(body.itemId).toBe(st.likedItemId);
    },
  ),
  // B has no such favourite: A's stays.
  'DELETE /api/favorites/{itemId}': refused((st) => ({ method: 'DELETE', path: `/api/favorites/${st.wishItemId}` })),

  // Events
  'GET /api/events': ownOnly(
    () => ({ method: 'GET', path: '/api/events' }),
    (st, body) => {
      const ev = (body.events as { id: number; reserved: boolean }[]).find((e) => e.id === st.eventId);
      expect(ev?.reserved).toBe(false);
    },
  ),
  // B has no spot: cancelling must not give back A's.
  'DELETE /api/events/{id}/rsvp': refused((st) => ({ method: 'DELETE', path: `/api/events/${st.eventId}/rsvp` })),
  'POST /api/events/{id}/rsvp': ownOnly(
    (st) => ({ method: 'POST', path: `/api/events/${st.eventId}/rsvp`, json: { userId: st.a.id } }),
    async (st, body, who) => {
      expect(body).toMatchObject({ id: st.eventId, reserved: true });
      // B gives her own spot back: A's stays.
      if (who) expect((await who.request(`/api/events/${st.eventId}/rsvp`, { method: 'DELETE' })).status).toBe(200);
    },
  ),

  // Styling appointments
  'GET /api/appointments': ownOnly(
    () => ({ method: 'GET', path: '/api/appointments' }),
    (_st, body) => {
      for (const ap of body.appointments as { time: string; note: string | null }[]) {
        expect(ap.time).not.toBe('10:00');
        expect(ap.note ?? '').not.toContain(A_NAME);
      }
    },
  ),
  // B books her own slot (a userId in the body is not a field); A's 10:00 is not hers to take.
  'POST /api/appointments': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/appointments',
      json: { date: st.appointmentDate, time: '11:00', kind: 'fitting-session', userId: st.a.id },
    }),
    async (st, body, who) => {
      expect(body).toMatchObject({ date: st.appointmentDate, time: '11:00' });
      if (who) {
        const taken = await who.request('/api/appointments', {
          method: 'POST',
          json: { date: st.appointmentDate, time: '10:00', kind: 'fitting-session' },
        });
        expect(taken.status).toBe(409);
      }
    },
  ),

  // Listings
  'GET /api/listings': ownOnly(
    () => ({ method: 'GET', path: '/api/listings' }),
    (st, body) => {
      const ids = (body.listings as { id: number }[]).map((l) => l.id);
      expect(ids).not.toContain(st.aListingId);
      expect(ids).not.toContain(st.aRentedListingId);
      expect(body.totalEarningsCents).toBe(0);
    },
  ),
  'POST /api/listings': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/listings',
      form: async () =>
        listingForm({ ...sampleListing({ name: 'Bram Linen Dress' }), ownerId: st.a.id, owner_id: st.a.id }, [
          { data: await makePng(120, 160), name: 'b.png', type: 'image/png' },
        ]),
    }),
    async (st, body) => {
      const row = await t.ctx.database.db
        .selectFrom('items')
        .select('owner_id')
        .where('id', '=', body.id as number)
        .executeTakeFirstOrThrow();
      expect(row.owner_id).toBe(st.b.id);
    },
  ),
  'GET /api/listings/{id}': refused((st) => ({ method: 'GET', path: `/api/listings/${st.aListingId}` })),
  'PATCH /api/listings/{id}': refused((st) => ({
    method: 'PATCH',
    path: `/api/listings/${st.aListingId}`,
    json: { name: 'Taken Over', rentalPriceCents: 1_000 },
  })),
  'DELETE /api/listings/{id}': refused((st) => ({ method: 'DELETE', path: `/api/listings/${st.aListingId}` })),
  'POST /api/listings/{id}/photos': refused((st) => ({
    method: 'POST',
    path: `/api/listings/${st.aListingId}/photos`,
    form: photoForm,
  })),
  'DELETE /api/listings/{id}/photos/{position}': refused((st) => ({
    method: 'DELETE',
    path: `/api/listings/${st.aListingId}/photos/1`,
  })),
  // Public once approved, like the catalogue: the photo, nothing about its owner. A listing in
  // review shows its photos to its owner and staff only.
  'GET /api/listings/{id}/photos/{position}': {
    target: (st) => ({ method: 'GET', path: `/api/listings/${st.aListingId}/photos/0` }),
    expect: async (st, res, _text, who) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      const pending = `/api/listings/${st.aPendingListingId}/photos/0`;
      expect((who ? await who.request(pending) : await t.request(pending)).status).toBe(404);
    },
  },

  // Notifications (A has some: her listings were approved)
  'GET /api/notifications': ownOnly(
    () => ({ method: 'GET', path: '/api/notifications' }),
    (st, body) => {
      expect((body.notifications as { id: number }[]).map((n) => n.id)).not.toContain(st.aNotificationId);
      expect(body.unreadCount).toBe(0);
    },
  ),
  'GET /api/notifications/unread-count': ownOnly(
    () => ({ method: 'GET', path: '/api/notifications/unread-count' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),
  'POST /api/notifications/{id}/read': refused((st) => ({
    method: 'POST',
    path: `/api/notifications/${st.aNotificationId}/read`,
  })),
  // B marks her own (none): A's stay unread (the snapshot of A's rows checks it).
  'POST /api/notifications/read-all': ownOnly(
    () => ({ method: 'POST', path: '/api/notifications/read-all' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),

  // The waitlist and shortlists (decision 0034): B sees and changes only her own.
  'GET /api/waitlist': ownOnly(
    () => ({ method: 'GET', path: '/api/waitlist' }),
    (st, body) => {
      expect((body.entries as { id: number }[]).map((e) => e.id)).not.toContain(st.aWaitlistEntryId);
    },
  ),
  'POST /api/waitlist': {
    // B joins for herself (a userId in the body is not a field), for a piece of nobody's: 409, it is free to book.
    target: (st) => ({
      method: 'POST',
      path: '/api/waitlist',
      json: {
        itemId: st.freeItemId,
        size: 'M',
        startDate: businessDayFromToday(0),
        endDate: businessDayFromToday(7),
        userId: st.a.id,
      },
    }),
    expect: (st, res, text) => {
      expect([201, 409], `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
      expect(text).not.toContain(st.a.id);
    },
  },
  'POST /api/waitlist/{id}/confirm': refused((st) => ({
    method: 'POST',
    path: `/api/waitlist/${st.aWaitlistEntryId}/confirm`,
    json: {},
  })),
  'DELETE /api/waitlist/{id}': refused((st) => ({ method: 'DELETE', path: `/api/waitlist/${st.aWaitlistEntryId}` })),
  'GET /api/shortlists': ownOnly(
    () => ({ method: 'GET', path: '/api/shortlists' }),
    (st, body) => {
      expect((body.shortlists as { id: number }[]).map((l) => l.id)).not.toContain(st.aShortlistId);
    },
  ),
  'POST /api/shortlists': ownOnly((st) => ({
    method: 'POST',
    path: '/api/shortlists',
    json: { name: `Matrix ${Math.random().toString(36).slice(2, 8)}`, itemId: st.wishItemId, userId: st.a.id },
  })),
  'PATCH /api/shortlists/{id}': refused((st) => ({
    method: 'PATCH',
    path: `/api/shortlists/${st.aShortlistId}`,
    json: { name: 'Taken over' },
  })),
  'DELETE /api/shortlists/{id}': refused((st) => ({ method: 'DELETE', path: `/api/shortlists/${st.aShortlistId}` })),
  'PUT /api/shortlists/{id}/items/{itemId}': refused((st) => ({
    method: 'PUT',
    path: `/api/shortlists/${st.aShortlistId}/items/${st.freeItemId}`,
  })),
  'DELETE /api/shortlists/{id}/items/{itemId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/shortlists/${st.aShortlistId}/items/${st.wishItemId}`,
  })),

  // The operations desk: staff only. Approve/reject aim at A's live listing: staff get 409 (only a
  // listing in review can be decided), so A's rows stay as they are.
  'GET /api/ops/listings': staffOnly(() => ({ method: 'GET', path: '/api/ops/listings' })),
  'GET /api/ops/listings/{id}': staffOnly((st) => ({
    method: 'GET',
    path: `/api/ops/listings/${st.aPendingListingId}`,
  })),
  'POST /api/ops/listings/{id}/approve': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/listings/${st.aListingId}/approve` }),
    409,
  ),
  'POST /api/ops/listings/{id}/reject': staffOnly(
    (st) => ({
      method: 'POST',
      path: `/api/ops/listings/${st.aListingId}/reject`,
      json: { reason: 'Photos are too dark to judge.' },
    }),
    409,
  ),
  'GET /api/ops/audit': staffOnly(() => ({ method: 'GET', path: '/api/ops/audit' })),
  'GET /api/ops/today': staffOnly(() => ({ method: 'GET', path: '/api/ops/today' })),
  'GET /api/ops/inventory': staffOnly(() => ({ method: 'GET', path: '/api/ops/inventory' })),
  // The unit's life: reads aim at A's rental and unit; moves at C's cancelled reservation (409,
  // nothing to move) or at units of a piece of nobody's, so A's rows stay as they are.
  'GET /api/ops/rentals/{id}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/rentals/${st.aRentalId}` })),
  'POST /api/ops/rentals/{id}/dispatch': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/dispatch` }),
    409,
  ),
  'POST /api/ops/rentals/{id}/hand-over': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/hand-over` }),
    409,
  ),
  'POST /api/ops/rentals/{id}/late-fee/waive': staffOnly(
    (st) => ({
      method: 'POST',
      path: `/api/ops/rentals/${st.cCancelledRentalId}/late-fee/waive`,
      json: { reason: 'Goodwill for a loyal member.' },
    }),
    409,
  ),
  'POST /api/ops/rentals/{id}/condition-photos': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/condition-photos`, form: photoForm }),
    409,
  ),
  'GET /api/ops/rentals/{id}/condition-photos/{position}': staffOnly(
    (st) => ({ method: 'GET', path: `/api/ops/rentals/${st.cCancelledRentalId}/condition-photos/0` }),
    404,
  ),
  'GET /api/ops/units': staffOnly(() => ({ method: 'GET', path: '/api/ops/units?state=cleaning' })),
  'GET /api/ops/units/{code}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/units/${st.aUnitCode}` })),
  'POST /api/ops/units/{code}/check-in': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/check-in`, json: { condition: 'good' } }),
    409,
  ),
  'POST /api/ops/units/{code}/cleaning-done': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/cleaning-done` }),
    409,
  ),
  'POST /api/ops/units/{code}/repair': staffOnly((st) => ({
    method: 'POST',
    path: `/api/ops/units/${st.opsUnitCodes[0]}/repair`,
    json: { note: 'Loose hem' },
  })),
  'POST /api/ops/units/{code}/repair-done': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/repair-done`, json: {} }),
    409,
  ),
  'POST /api/ops/units/{code}/retire': staffOnly((st) => ({
    method: 'POST',
    path: `/api/ops/units/${st.opsUnitCodes[1]}/retire`,
    json: { reason: 'Worn through' },
  })),
  // Inventory: a new house piece is nobody's; A's listing is hers to change (409), readable by staff.
  'POST /api/ops/items': staffOnly(
    () => ({
      method: 'POST',
      path: '/api/ops/items',
      json: {
        name: 'Matrix Trench',
        brand: 'Burberry',
        category: 'Jackets',
        gender: 'Women',
        colour: 'beige',
        description: 'A trench for the access matrix.',
        retailPriceCents: 190_000,
        units: [{ size: 'M', count: 1 }],
      },
    }),
    201,
  ),
  'GET /api/ops/items/{id}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/items/${st.aListingId}` })),
  'PATCH /api/ops/items/{id}': staffOnly(
    (st) => ({ method: 'PATCH', path: `/api/ops/items/${st.aListingId}`, json: { name: 'Taken Over' } }),
    409,
  ),
  'POST /api/ops/items/{id}/units': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/items/${st.aListingId}/units`, json: { size: 'M', count: 1 } }),
    409,
  ),
  'PUT /api/ops/items/{id}/photos': staffOnly(
    (st) => ({ method: 'PUT', path: `/api/ops/items/${st.aListingId}/photos`, form: photoForm }),
    409,
  ),
  'DELETE /api/ops/items/{id}/photos': staffOnly(
    (st) => ({ method: 'DELETE', path: `/api/ops/items/${st.aListingId}/photos` }),
    409,
  ),

  // Rentals
  'GET /api/rentals': ownOnly(
    () => ({ method: 'GET', path: '/api/rentals?status=all' }),
    (st, body) => {
      expect((body.rentals as { id: number }[]).map((r) => r.id)).not.toContain(st.aRentalId);
    },
  ),
  // B cannot take the unit A holds (the only one), even naming A.
  'POST /api/rentals': {
    target: (st) => ({
      method: 'POST',
      path: '/api/rentals',
      json: { itemId: st.aRentedItemId, size: 'M', userId: st.a.id },
    }),
    expect: async (st, res, text, who) => {
      expect(res.status, text).toBe(409);
      expect(json(text).error?.code).toBe('SOLD_OUT');
      if (!who) return;
      // A booking of another piece naming A is B's own.
      const own = await who.request('/api/rentals', {
        method: 'POST',
        json: { itemId: st.freeItemId, size: 'M', userId: st.a.id, user_id: st.a.id },
      });
      expect(own.status).toBe(201);
      const { id } = (await own.json()) as { id: number };
      const row = await t.ctx.database.db
        .selectFrom('rentals')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(who.id);
    },
  },
  'GET /api/rentals/{id}': refused((st) => ({ method: 'GET', path: `/api/rentals/${st.aRentalId}` })),
  'POST /api/rentals/{id}/extend': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/extend` })),
  'POST /api/rentals/{id}/return': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/return` })),
  'POST /api/rentals/{id}/received': refused((st) => ({
    method: 'POST',
    path: `/api/rentals/${st.aRentalId}/received`,
  })),
  'POST /api/rentals/{id}/cancel': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/cancel` })),

  // Dashboard
  'GET /api/dashboard': ownOnly(
    () => ({ method: 'GET', path: '/api/dashboard' }),
    (st, body) => {
      expect(body.fullName).toBe(st.b.fullName);
      expect(body.totalEarningsCents).toBe(0);
    },
  ),

  // Public routes with path parameters, aimed at A's listing and rental: no trace of A.
  'GET /api/items/{id}': ownOnly(
    (st) => ({ method: 'GET', path: `/api/items/${st.aRentedListingId}` }),
    (st, body) => {
      expect(body).toMatchObject({ id: st.aRentedListingId, fromMember: true });
    },
  ),
  'GET /api/items/by-slug/{slug}': ownOnly((st) => ({ method: 'GET', path: `/api/items/by-slug/${st.slug}` })),
  'GET /api/items/{id}/availability': ownOnly((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedItemId}/availability?from=${isoDay(0)}&to=${isoDay(7)}`,
  })),
  'GET /api/items/{id}/calendar': ownOnly(
    (st) => ({
      method: 'GET',
      path: `/api/items/${st.aRentedItemId}/calendar?size=M&from=${isoDay(0)}&to=${isoDay(14)}`,
    }),
    (_st, body) => {
      // A holds the only unit for the week: no day of it is free, to anyone.
      expect((body.dates as { free: boolean }[]).slice(0, 7).every((d) => !d.free)).toBe(true);
    },
  ),
  'GET /api/items/{id}/image.svg': {
    target: (st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/image.svg` }),
    expect: (_st, res) => expect(res.status).toBe(200),
  },
  'GET /api/items/{id}/pictures/{file}': {
    target: (st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/pictures/back.svg` }),
    expect: (_st, res) => expect(res.status).toBe(200),
  },
  // A piece in A's history (she rented it): its nameless picture is hers, not B's.
  'GET /api/items/{id}/past-pictures/{file}': refused((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedItemId}/past-pictures/front.svg`,
  })),

  // Ratings, payouts and damage claims between members (decision 0036).
  'GET /api/ratings': ownOnly(
    () => ({ method: 'GET', path: '/api/ratings' }),
    (_st, body) => {
      expect(body.rentals).toEqual([]);
    },
  ),
  'GET /api/ratings/rentals/{id}': refused((st) => ({ method: 'GET', path: `/api/ratings/rentals/${st.aRentalId}` })),
  'POST /api/ratings': refused((st) => ({
    method: 'POST',
    path: '/api/ratings',
    json: { rentalId: st.aRentalId, stars: 1 },
  })),
  'GET /api/payouts/account': ownOnly(() => ({ method: 'GET', path: '/api/payouts/account' })),
  'PUT /api/payouts/account': ownOnly(
    () => ({
      method: 'PUT',
      path: '/api/payouts/account',
      json: { holderName: 'Bram Mallory', routingNumber: '011000015', accountNumber: '99887766' },
    }),
    (_st, body) => expect(body).toMatchObject({ holderName: 'Bram Mallory', lastFour: '7766' }),
  ),
  'GET /api/payouts/statement': ownOnly(
    () => ({ method: 'GET', path: '/api/payouts/statement' }),
    (_st, body) => {
      expect(body).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: 0, lines: [], payouts: [] });
    },
  ),
  'GET /api/payouts/statement.csv': {
    target: () => ({ method: 'GET', path: '/api/payouts/statement.csv' }),
    expect: (_st, res, text) => {
      expect(res.status).toBe(200);
      expect(text.trimEnd().split('\r\n')).toHaveLength(1);
    },
  },
  // B has nothing to pay out: 409, and nothing of A's is paid.
  'POST /api/payouts': {
    target: () => ({ method: 'POST', path: '/api/payouts' }),
    expect: (_st, res, text) => {
      expect(res.status, text).toBe(409);
      expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
    },
  },
  'GET /api/claims': ownOnly(
    () => ({ method: 'GET', path: '/api/claims' }),
    (_st, body) => expect(body.claims).toEqual([]),
  ),
  'GET /api/claims/claimable': ownOnly(
    () => ({ method: 'GET', path: '/api/claims/claimable' }),
    (_st, body) => expect(body.rentals).toEqual([]),
  ),
  'POST /api/claims': refused((st) => ({
    method: 'POST',
    path: '/api/claims',
    form: async () => {
      const form = await photoForm();
      form.set(
        'data',
        JSON.stringify({
          rentalId: st.aRentalId,
          amountCents: 1_000,
          description: 'Claiming on a rental of someone else',
        }),
      );
      return form;
    },
  })),
  'GET /api/claims/{id}/photos/{position}': refused(() => ({ method: 'GET', path: '/api/claims/1/photos/0' })),
  'GET /api/ops/claims': staffOnly(() => ({ method: 'GET', path: '/api/ops/claims' })),
  'GET /api/ops/claims/{id}': staffOnly(() => ({ method: 'GET', path: '/api/ops/claims/999999' }), 404),
  'POST /api/ops/claims/{id}/uphold': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/uphold', json: { note: 'Upheld by the matrix' } }),
    404,
  ),
  'POST /api/ops/claims/{id}/reject': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/reject', json: { note: 'Rejected by the matrix' } }),
    404,
  ),
  'POST /api/ops/claims/{id}/retry-charge': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/retry-charge' }),
    404,
  ),
  // Reviews and fit (issue 17 part A): only the renter reviews her rental; fit details are her own.
  'POST /api/rentals/{id}/review': refused((st) => ({
    method: 'POST',
    path: `/api/rentals/${st.aRentalId}/review`,
    form: async () => {
      const form = await photoForm();
      form.set(
        'data',
        JSON.stringify({ rating: 1, fit: 'runs_small', sizeWorn: 'M', text: 'Not my rental, but a review anyway.' }),
      );
      return form;
    },
  })),
  'GET /api/items/{id}/reviews': ownOnly((st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/reviews` })),
  'GET /api/reviews/{id}/photos/{position}': {
    target: () => ({ method: 'GET', path: '/api/reviews/999999/photos/0' }),
    expect: (_st, res) => expect(res.status).toBe(404),
  },
  'GET /api/items/{id}/size-advice': ownOnly(
    (st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/size-advice` }),
    (_st, body) => {
      expect(body.status).toBe('no_fit_details');
    },
  ),
  'GET /api/reviews/mine': ownOnly(
    () => ({ method: 'GET', path: '/api/reviews/mine' }),
    (_st, body) => {
      expect(body.rentals).toEqual([]);
      expect((body.fit as { heightCm: unknown }).heightCm).toBeNull();
    },
  ),
  'GET /api/fit-details': ownOnly(
    () => ({ method: 'GET', path: '/api/fit-details' }),
    (_st, body) => {
      expect((body.fit as { heightCm: unknown }).heightCm).toBeNull();
    },
  ),
  'PUT /api/fit-details': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/fit-details',
      json: { heightCm: 181, bustCm: null, waistCm: null, hipsCm: null, usualSize: 'L', userId: st.a.id },
    }),
    (_st, body) => {
      expect((body.fit as { heightCm: unknown }).heightCm).toBe(181);
    },
  ),
  // Lending between members (decision 0035): the request between C (renter) and A (lender)
  'GET /api/lending/requests': ownOnly(
    () => ({ method: 'GET', path: '/api/lending/requests' }),
    (st, body) => {
      const all = [...(body.incoming as { id: number }[]), ...(body.outgoing as { id: number }[])].map((r) => r.id);
      expect(all).not.toContain(st.aRequestId);
    },
  ),
  // A's listing still in review: not requestable by anyone.
  'POST /api/lending/requests': refused((st) => ({
    method: 'POST',
    path: '/api/lending/requests',
    json: { itemId: st.aPendingListingId, size: 'M', userId: st.a.id },
  })),
  'GET /api/lending/requests/{id}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/requests/${st.aRequestId}`,
  })),
  'GET /api/lending/rentals/{id}/request': refused((st) => ({
    method: 'GET',
    path: `/api/lending/rentals/${st.aRequestRentalId}/request`,
  })),
  'POST /api/lending/requests/{id}/accept': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/accept`,
  })),
  'POST /api/lending/requests/{id}/decline': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/decline`,
  })),
  'POST /api/lending/requests/{id}/withdraw': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/withdraw`,
  })),
  'POST /api/lending/requests/{id}/send': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/send`,
  })),
  'POST /api/lending/requests/{id}/back': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/back`,
    json: { condition: 'good' },
  })),
  'POST /api/lending/requests/{id}/clean': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/clean`,
  })),
  'POST /api/lending/requests/{id}/photos/{stage}': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/photos/sent`,
    form: photoForm,
  })),
  'GET /api/lending/rentals/{id}/photos/{stage}/{position}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/rentals/${st.aRequestRentalId}/photos/sent/0`,
  })),
  'GET /api/lending/threads/{id}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/threads/${st.aRequestRentalId}`,
  })),
  'POST /api/lending/threads/{id}/messages': refused((st) => ({
    method: 'POST',
    path: `/api/lending/threads/${st.aRequestRentalId}/messages`,
    json: { body: 'Hello from B' },
  })),
  'GET /api/lending/unread': ownOnly(
    () => ({ method: 'GET', path: '/api/lending/unread' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),
  'GET /api/lending/items/{id}/calendar': refused((st) => ({
    method: 'GET',
    path: `/api/lending/items/${st.aListingId}/calendar`,
  })),
  'POST /api/lending/items/{id}/blocks': refused((st) => ({
    method: 'POST',
    path: `/api/lending/items/${st.aListingId}/blocks`,
    json: { startDate: isoDay(40), endDate: isoDay(42) },
  })),
  'DELETE /api/lending/items/{id}/blocks/{blockId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/lending/items/${st.aListingId}/blocks/${st.aBlockId}`,
  })),
};

const isoDay = (days: number) => businessDayFromToday(days);

/** Today's counted views of a member, from the database. */
async function dailyCount(userId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .selectFrom('user_daily_views')
    .select('count')
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((n, r) => n + Number(r.count), 0);
}

const USER_COLUMNS = ['user_id', 'owner_id', 'lender_id', 'userId'];
const SKIP_TABLES = new Set(['rateLimit', 'verification', 'kysely_migration', 'kysely_migration_lock']);

/** Every row of A's, in every table (found by column name, so new tables are included). */
async function snapshotOfA(): Promise<Record<string, string[]>> {
  const { db } = t.ctx.database;
  const aItems = (await db.selectFrom('items').select('id').where('owner_id', '=', s.a.id).execute()).map((r) => r.id);
  aItems.push(s.aRentedItemId);
  const aBookings = (
    await db
      .selectFrom('rentals')
      .select('booking_id')
      .where((eb) => eb.or([eb('user_id', '=', s.a.id), eb('lender_id', '=', s.a.id)]))
      .execute()
  ).map((r) => r.booking_id);
  const snapshot: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    if (SKIP_TABLES.has(table.name)) continue;
    const cols = new Set(table.columns.map((c) => c.name));
    const dyn = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const conditions: [string, readonly unknown[]][] = [];
    for (const col of USER_COLUMNS) if (cols.has(col)) conditions.push([col, [s.a.id]]);
    if (table.name === 'user') conditions.push(['id', [s.a.id]]);
    // Likes and views of A's pieces by others are theirs, not A's.
    if (cols.has('item_id') && table.name !== 'user_liked_items' && table.name !== 'user_viewed_items')
      conditions.push(['item_id', aItems]);
    if (table.name === 'items') conditions.push(['id', aItems]);
    if (table.name === 'bookings') conditions.push(['id', aBookings]);
    const usable = conditions.filter(([, values]) => values.length > 0);
    if (usable.length === 0) continue;
    const rows = await dyn
      .selectFrom(table.name)
      .selectAll()
      .where((eb) => eb.or(usable.map(([col, values]) => eb(col, 'in', values))))
      .execute();
    if (rows.length)
      snapshot[table.name] = rows
        .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
        .sort();
  }
  return snapshot;
}

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
  const { db } = t.ctx.database;
  const a = await t.signUp({ fullName: A_NAME, email: `aurelia.${Date.now()}@example.com` });
  const b = await t.signUp({ fullName: 'Bram Mallory' });
  const c = await t.signUp({ fullName: 'Cleo Renter' });

  // Two house items: one with a single unit (A's rental), one with two (for B's own booking).
  const house = async (units: number) => {
    const { id } = await db
      .insertInto('items')
      .values({
        slug: null,
        name: `Access Blazer ${units}`,
        brand: 'Theory',
        category: 'Jackets',
        gender: 'Women',
        sizes: JSON.stringify(['M']),
        colour: 'black',
        tags: '',
        retail_price_cents: 49_000,
        rental_price_cents: 799,
        rating: 4.5,
        review_count: 1,
        rental_count: 0,
        is_new: 0,
        description: 'A piece for the access matrix.',
        materials: null,
        care_instructions: null,
        owner_id: null,
        status: 'active',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let n = 1; n <= units; n += 1)
      await db.insertInto('item_units').values({ item_id: id, size: 'M', unit_no: n }).execute();
    return id;
  };
  const aRentedItemId = await house(1);
  const freeItemId = await house(2);

  const ok = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await ok(a.request('/api/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: A_MONTHLY_ITEMS } }));
  await ok(a.request('/api/payment-method', { method: 'PUT', json: CARD(A_CARD_HOLDER, A_STREET) }));
  const studios = (await ok(t.request('/api/studios'))) as { studios: { id: number }[] };
  await ok(
    a.request('/api/delivery-address', {
      method: 'PUT',
      json: { recipientName: A_NAME, line1: A_STREET, city: 'Brooklyn', state: 'NY', zipCode: '11201' },
    }),
  );
  await ok(a.request('/api/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studios.studios[0]!.id } }));
  // B and C rent pay-per-item: a card, a delivery address, delivery chosen (decision 0030).
  await ok(b.request('/api/payment-method', { method: 'PUT', json: CARD('Bram Mallory', '1 Mallory Lane') }));
  await ok(
    b.request('/api/delivery-address', {
      method: 'PUT',
      json: { recipientName: 'Bram Mallory', line1: '1 Mallory Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201' },
    }),
  );
  await ok(b.request('/api/pickup', { method: 'PUT', json: { option: 'online' } }));
  await ok(
    a.request('/api/fit-details', {
      method: 'PUT',
      json: { heightCm: 166, bustCm: 86, waistCm: 68, hipsCm: 94, usualSize: 'S' },
    }),
  );
  await readyToRent(c);

  const deck = (await ok(a.request('/api/match/deck?gender=Women'))) as { items: { item: { id: number } }[] };
  const [liked, skipped, wish] = deck.items.map((e) => e.item.id);
  if (!liked || !skipped || !wish) throw new Error('the deck needs three items');
  await ok(a.request('/api/match/swipes', { method: 'POST', json: { itemId: liked, action: 'like' } }));
  await ok(a.request('/api/match/swipes', { method: 'POST', json: { itemId: skipped, action: 'skip' } }));
  await ok(a.request(`/api/favorites/${wish}`, { method: 'PUT' }));
  await ok(a.request('/api/match/progress', { method: 'PUT', json: { gender: 'Men', lastItemIndex: A_MEN_INDEX } }));

  const events = (await ok(a.request('/api/events'))) as { events: { id: number }[] };
  const eventId = events.events[0]!.id;
  await ok(a.request(`/api/events/${eventId}/rsvp`, { method: 'POST' }), 201);

  const photo = { data: await makePng(200, 260), name: 'a.png', type: 'image/png' };
  const rentedListing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Rented Gown' }), [photo]),
    }),
    201,
  );
  const listing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Silk Slip' }), [photo, photo]),
    }),
    201,
  );
  const pendingListing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Velvet Cape' }), [photo]),
    }),
    201,
  );
  const staff = await makeStaff(t, { fullName: 'Sasha Staff' });
  await approveListing(staff, rentedListing.id as number);
  await approveListing(staff, listing.id as number);
  const cRequestRental = await ok(await requestAndAccept(c, a, { itemId: rentedListing.id, size: 'M' }), 201);
  const aRequest = await db
    .selectFrom('booking_requests')
    .select('id')
    .where('rental_id', '=', cRequestRental.id as number)
    .executeTakeFirstOrThrow();
  await ok(
    c.request(`/api/lending/threads/${cRequestRental.id}/messages`, {
      method: 'POST',
      json: { body: 'See you Friday' },
    }),
    201,
  );
  const aBlock = await ok(
    a.request(`/api/lending/items/${listing.id}/blocks`, {
      method: 'POST',
      json: { startDate: isoDay(30), endDate: isoDay(33) },
    }),
    201,
  );
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', a.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const rental = await ok(
    a.request('/api/rentals', { method: 'POST', json: { itemId: aRentedItemId, size: 'M' } }),
    201,
  );

  let appointmentDate = businessDayFromToday(2);
  while (!isStudioOpen(appointmentDate)) appointmentDate = addDays(appointmentDate, 1);
  await ok(
    a.request('/api/appointments', {
      method: 'POST',
      json: {
        date: appointmentDate,
        time: '10:00',
        kind: 'wardrobe-consultation',
        note: `${A_NAME} would like tailoring`,
      },
    }),
    201,
  );

  const aUnit = await db
    .selectFrom('rentals')
    .select('unit_id')
    .where('id', '=', rental.id as number)
    .executeTakeFirstOrThrow();
  const cRental = await ok(
    c.request('/api/rentals', { method: 'POST', json: { itemId: await house(1), size: 'M' } }),
    201,
  );
  await ok(c.request(`/api/rentals/${cRental.id}/cancel`, { method: 'POST' }));
  const opsItem = await house(3);
  const opsUnits = (
    await db.selectFrom('item_units').select('id').where('item_id', '=', opsItem).orderBy('unit_no').execute()
  ).map((u) => unitCode(u.id));

  const entry = await ok(
    a.request('/api/waitlist', {
      method: 'POST',
      json: { itemId: aRentedItemId, size: 'M', startDate: rental.startDate, endDate: rental.returnDate },
    }),
    201,
  );
  const shortlist = await ok(
    a.request('/api/shortlists', { method: 'POST', json: { name: `${A_NAME}'s wedding`, itemId: wish } }),
    201,
  );

  const slugRow = await db.selectFrom('items').select('slug').where('slug', 'is not', null).executeTakeFirstOrThrow();
  const aSession = await db.selectFrom('session').select('id').where('userId', '=', a.id).executeTakeFirstOrThrow();
  s = {
    a,
    b,
    c,
    staff,
    aPendingListingId: pendingListing.id as number,
    aNotificationId: notification.id,
    aRentalId: rental.id as number,
    aRentedItemId,
    aRentedListingId: rentedListing.id as number,
    aListingId: listing.id as number,
    likedItemId: liked,
    skippedItemId: skipped,
    wishItemId: wish,
    eventId,
    freeItemId,
    slug: slugRow.slug!,
    aSessionId: aSession.id,
    appointmentDate,
    aUnitCode: unitCode(aUnit.unit_id),
    cCancelledRentalId: cRental.id as number,
    opsUnitCodes: [opsUnits[0]!, opsUnits[1]!, opsUnits[2]!],
    aOrderNumber: rental.orderNumber as string,
    aWaitlistEntryId: entry.id as number,
    aShortlistId: shortlist.id as number,
    aRequestId: aRequest.id,
    aRequestRentalId: cRequestRental.id as number,
    aBlockId: aBlock.id as number,
  };
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
    expect(missing, `member routes without an access case: add them to CASES in ${import.meta.filename}`).toEqual([]);
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
    const snap = await snapshotOfA();
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
      const before = await snapshotOfA();

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

      expect(await snapshotOfA(), `A's rows changed by ${key}`).toEqual(before);
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
