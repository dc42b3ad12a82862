import { dayEnd, type ZoneOffsets } from './business-day';
import type { Role } from './ops.rules';

/**
 * The contract between the server and the web app's loaders (decision 0027): what the server
 * hands React Router for each page request, as its load context. The server builds it
 * (src/server/http/static.ts); the web declares it as React Router's `AppLoadContext`
 * (src/web/lib/load-context.ts). Neither side imports the other: both import this.
 */

/** The signed-in member as pages see her: read once per request from the session cookie. */
export interface PageUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** member, or staff (the operations desk: decision 0020). */
  role: Role;
}

export interface PageContext {
  /** The member whose session cookie came with the request; null for visitors. */
  user: PageUser | null;
  /**
   * Calls our API in-process as this request's visitor or member (her cookie, origin, fetch
   * metadata, user agent and address are forwarded): the same routes, checks, rate limits and
   * answers as over HTTP, without a network hop. Only the path and query of the request's URL, its
   * method, content type and body are read. The answer's Set-Cookie headers (a new session) are
   * for the page's action to pass on to the browser.
   */
  apiFetch(request: Request): Promise<Response>;
  /** The site's public origin (PUBLIC_URL), for canonical URLs and structured data. */
  origin: string;
  /** This request's Content-Security-Policy nonce: only scripts carrying it may run inline. */
  nonce: string;
  /** The request's id (X-Request-Id), as in the server's log lines. */
  requestId: string;
  /**
   * The zone this page shows times of day in: the visitor's, from the `tz` cookie her browser
   * sets, else the business's (decision 0047).
   */
  timeZone: string;
  /** `timeZone`'s offsets through this year: the browser compares its clock with them (decision 0081). */
  timeZoneOffsets: ZoneOffsets;
  /** BUSINESS_TIME_ZONE: the zone "today" and every due date count in. */
  businessTimeZone: string;
  /**
   * The business's day when the server drew the page ('YYYY-MM-DD', on the server's clock), and
   * the instant (ms since 1970) that day ends: the browser hydrates with the day the page was drawn
   * with, and works it out itself only once that day is over (src/web/lib/time-zone.ts).
   */
  businessToday: string;
  businessDayEndsAt: number;
  /** WELCOME_OFFER_PERCENT: what the welcome offer takes off a first rental (0: no offer, no popup). */
  welcomeOfferPercent: number;
}

/** What a page is told of the business's day: the day ('YYYY-MM-DD' in `timeZone`) and the instant it ends. */
export function pageBusinessDay(
  day: string,
  timeZone: string,
): Pick<PageContext, 'businessToday' | 'businessDayEndsAt'> {
  return { businessToday: day, businessDayEndsAt: dayEnd(day, timeZone).getTime() };
}
