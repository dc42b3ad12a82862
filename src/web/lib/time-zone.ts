import { useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE, TIME_ZONE_COOKIE } from '@domain/business-day';
import type { RootData } from './session';

/**
 * Time zones on the web (decision 0047). Days ("today", due dates) are the business's: its zone
 * (BUSINESS_TIME_ZONE) comes from the server with every page. Times of day (a notification's, an
 * audit entry's, a payout's claim deadline) are shown in the member's zone: her browser writes it
 * to the `tz` cookie, and the server renders pages in it from then on; before that (her first
 * page) the server renders in the business's zone, the browser hydrates with the same, then shows
 * hers: the markup the server sent always matches the first render (no hydration error).
 */

/** This browser's zone ('America/Los_Angeles'). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Writes the browser's zone to the cookie when the page was rendered for another (once per change). */
export function rememberTimeZone(renderedIn: string | undefined): void {
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
  const rendered = useRoot()?.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  return useSyncExternalStore(noSubscription, browserTimeZone, () => rendered);
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
