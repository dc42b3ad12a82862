import { useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE, TIME_ZONE_COOKIE, type ZoneOffsets } from '@domain/business-day';
import type { RootData } from './session';

/**
 * Time zones on the web (decision 0047). Days ("today", due dates) are the business's: its zone
 * (BUSINESS_TIME_ZONE) comes from the server with every page. Times of day (a notification's, an
 * audit entry's, a payout's claim deadline) are shown in the member's zone: her browser writes it
 * to the `tz` cookie, and the server renders pages in it from then on; before that (her first
 * page) the server renders in the business's zone, the browser hydrates with the same, then shows
 * hers: the markup the server sent always matches the first render (no hydration error).
 */

let askedZone: string | undefined;

/** This browser's zone ('America/Los_Angeles'), asked of Intl once per page load. */
function browserTimeZone(): string {
  askedZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return askedZone;
}

/**
 * True when this browser's clock has `offsets`' zone's offsets through the year (decision 0081):
 * then times of day this year read the same in that zone as in hers, and the browser need not name
 * its zone. Naming it loads ICU's zone data, 30 ms of a member's every page while it hydrated.
 * (Two zones with the same offsets on every first of the month but a DST change on other days
 * would differ for those days' times: a case the server's next render corrects once she is
 * elsewhere.)
 */
function clockMatches(offsets: ZoneOffsets | undefined): boolean {
  return (
    offsets?.minutes.length === 12 &&
    offsets.minutes.every((m, month) => new Date(Date.UTC(offsets.year, month, 1, 12)).getTimezoneOffset() === m)
  );
}

/** The zone to show times in here: the page's own when the browser's clock agrees with it, else the browser's. */
function zoneHere(rendered: string, offsets: ZoneOffsets | undefined): string {
  return clockMatches(offsets) ? rendered : browserTimeZone();
}

/** Writes the browser's zone to the cookie when the page was rendered for another (once per change). */
export function rememberTimeZone(renderedIn: string | undefined, offsets: ZoneOffsets | undefined): void {
  if (renderedIn && clockMatches(offsets)) return;
  const zone = browserTimeZone();
  if (!zone || zone === renderedIn) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

const noSubscription = () => () => {};

function useRoot(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/**
 * The zone to show times of day in: what the server rendered with while hydrating, the
 * browser's own once the page is live (React renders again if they differ).
 */
export function useTimeZone(): string {
  const root = useRoot();
  const rendered = root?.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const offsets = root?.timeZoneOffsets;
  return useSyncExternalStore(
    noSubscription,
    () => zoneHere(rendered, offsets),
    () => rendered,
  );
}

/** What the welcome offer takes off a first rental, as the server applies it (0: no offer). */
export function useWelcomeOfferPercent(): number {
  return useRoot()?.welcomeOfferPercent ?? 0;
}

/** The business's zone (BUSINESS_TIME_ZONE), as the server said. */
export function useBusinessTimeZone(): string {
  return useRoot()?.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
}

/**
 * The business's day now, 'YYYY-MM-DD': the same on the server and in any browser's zone. Until
 * the day the server drew the page with is over, it is that day (the server's clock decides, and
 * hydrating needs no time-zone formatting: loading the zone data took 30 ms on the item page,
 * decision 0078); after that the browser works it out.
 */
export function useBusinessToday(): string {
  const root = useRoot();
  const zone = useBusinessTimeZone();
  const [today] = useState(() =>
    root?.businessToday && Date.now() < root.businessDayEndsAt ? root.businessToday : businessDay(Date.now(), zone),
  );
  return today;
}
