import { expect } from 'vitest';
import { ApiErrorSchema } from '../../../domain/errors';
import { makePng } from '../../features/listings/listings.test-helpers';
import { businessDayFromToday } from '../business-day';
import type { TestApp, TestMember } from '../test-app';

/*
 * The access-control matrix's vocabulary (src/server/access.api.test.ts): the scenario of member
 * A's resources, a case per route, and the kinds of case (refused, ownOnly, staffOnly).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Target {
  method: Method;
  path: string;
  json?: unknown;
  form?: () => Promise<FormData>;
}
export interface Scenario {
  /** The app the matrix runs on. */
  t: TestApp;
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
  /** Liked by A in the match deck, skipped by A, added by A to the favorites (Add to Wishlist). */
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
  /** A's saved search (decision 0065). */
  aSavedSearchId: number;
  /** C's request for A's rented listing (accepted), its rental (the thread), and days A blocked on her other listing. */
  aRequestId: number;
  aRequestRentalId: number;
  aBlockId: number;
}
export interface Case {
  /** The request aimed at A's resources (A's ids in the path, a valid body). */
  target: (s: Scenario) => Target;
  /** What B (and, on public routes, a visitor) must get, and B's further attempts. */
  expect: (s: Scenario, res: Response, text: string, who: TestMember | null) => Promise<void> | void;
  /** A staff-only route (/api/ops): B gets 403; `staffStatus` is what staff member S gets. */
  staffStatus?: number;
}

// Distinctive values of A: none of them may ever show in an answer to B or a visitor.
export const A_NAME = 'Aurelia Vandersloot';
export const A_CARD_HOLDER = 'Aurelia Q Vandersloot';
export const A_STREET = '77 Quillfeather Mews';
export const A_MONTHLY_ITEMS = 6;
export const A_MEN_INDEX = 37;

export const CARD = (holder: string, street: string) => ({
  cardNumber: '5555 5555 5555 4444',
  expiryMonth: '09',
  expiryYear: '2031',
  cvv: '321',
  cardholderName: holder,
  billingAddress: { street, city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
});

export const json = (text: string) => JSON.parse(text) as Record<string, unknown> & { error?: { code: string } };

/** B is refused: 404 (or 403), in the error shape. */
export const refused = (target: Case['target']): Case => ({
  target,
  expect: (_s, res, text) => {
    expect([403, 404], `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
    expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
  },
});

/** B's own answer (2xx) about B only; `check` looks closer. */
export const ownOnly = (
  target: Case['target'],
  check?: (s: Scenario, body: Record<string, unknown>, who: TestMember | null) => Promise<void> | void,
): Case => ({
  target,
  expect: async (s, res, text, who) => {
    expect(res.status, text.slice(0, 300)).toBeLessThan(300);
    if (check) await check(s, res.status === 204 || !text ? {} : json(text), who);
  },
});

/**
 * A move on B's own plan (no id in the path: the session decides whose): B gets an answer about
 * her own plan, done (2xx) or refused for her plan's state (4xx in the error shape, e.g. Weekly
 * cannot pause); A's rows are checked unchanged after it like every case.
 */
export const ownMove = (target: Case['target']): Case => ({
  target,
  expect: (_s, res, text) => {
    if (res.status < 300) return;
    expect([400, 409], `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
    expect(ApiErrorSchema.safeParse(json(text)).success, text).toBe(true);
  },
});

/** A staff-only route: member B is refused with 403 FORBIDDEN; staff member S gets `staffStatus`. */
export const staffOnly = (target: Case['target'], staffStatus = 200): Case => ({
  target,
  staffStatus,
  expect: (_s, res, text) => {
    expect(res.status, `member on a staff route: ${text.slice(0, 200)}`).toBe(403);
    const parsed = ApiErrorSchema.safeParse(json(text));
    expect(parsed.success, text).toBe(true);
    expect(parsed.data?.error.code).toBe('FORBIDDEN');
  },
});

export const photoForm = async () => {
  const form = new FormData();
  form.append('photos', new File([new Uint8Array(await makePng(120, 160))], 'p.png', { type: 'image/png' }));
  return form;
};

export const isoDay = (days: number) => businessDayFromToday(days);

/** Today's counted views of a member, from the database. */
export async function dailyCount(t: TestApp, userId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .selectFrom('user_daily_views')
    .select('count')
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((n, r) => n + Number(r.count), 0);
}
