import { useMemo } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { ZoneOffsets } from '@domain/business-day';
import type { PageUser } from '@domain/page-context';

/** The signed-in member, as the pages read her. */
export interface Session {
  user: PageUser;
}

/**
 * What the root route's loader answers for every page (src/web/root.tsx): who is visiting, read by
 * the server from the request's session cookie, and the site's origin (canonical URLs).
 */
export interface RootData {
  user: PageUser | null;
  origin: string;
  /** The zone the server rendered times of day in: hers (the `tz` cookie), else the business's (lib/time-zone.ts). */
  timeZone: string;
  /** That zone's offsets through this year, to compare the browser's clock with (lib/time-zone.ts). */
  timeZoneOffsets?: ZoneOffsets;
  /** BUSINESS_TIME_ZONE: the zone the business's days count in. */
  businessTimeZone: string;
  /** What the welcome offer takes off a first rental, as the server applies it (0: none). */
  welcomeOfferPercent: number;
  /** The business's day when the server drew the page, and the instant it ends (lib/time-zone.ts). */
  businessToday: string;
  businessDayEndsAt: number;
}

export interface SessionState {
  /** The member, or null for a visitor. */
  data: Session | null;
  /** True while the session is being read again (after sign-in or sign-out, a profile change). */
  isPending: boolean;
  /** Reads the session again from the server (the root loader runs again with the new cookie). */
  refetch: () => Promise<void>;
}

/**
 * Who is visiting. The server read the session before rendering the page (so the first paint
 * already shows a member her navigation and her data, decision 0027); the browser keeps that
 * answer and reads it again only when told to (`refetch`), e.g. after signing in.
 */
export function useSession(): SessionState {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { state, revalidate } = useRevalidator();
  const user = root?.user ?? null;
  const data = useMemo(() => (user ? { user } : null), [user]);
  return { data, isPending: state === 'loading', refetch: revalidate };
}

/** True when the signed-in account has the staff role (the operations desk). */
export function isStaff(session: Session | null | undefined): boolean {
  return session?.user.role === 'staff';
}

// Who is signed in, as this browser tab last heard from the server (decision 0054): what the page
// arrived with, then each new reading of the root's loader (after signing in or out, a form).
let current: Promise<PageUser | null> = Promise.resolve(null);

/** Records the server's latest answer on who is visiting (the root's data, or its reading under way). */
export function trackSession(user: PageUser | null | Promise<PageUser | null>): void {
  current = Promise.resolve(user).catch(() => null);
}

/** Who is visiting, for client loaders: the session the server last read (awaiting a reading under way). */
export function browserUser(): Promise<PageUser | null> {
  return current;
}
