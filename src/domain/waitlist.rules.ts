/**
 * The waitlist's timings and texts without zod (the item page, a public page, shows 'Join the
 * waitlist'); waitlist.ts re-exports all of this with the API schemas.
 */

/** How long a freed unit is held for the member it was offered to. */
export const WAITLIST_HOLD_HOURS = 24;

export const WAITLIST_STATUSES = ['waiting', 'held', 'booked', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  join: 'Join the waitlist',
  joined: "You're on the waitlist",
  joinedBody: 'If this size comes free for your dates, we hold it for you for 24 hours and let you know.',
  available: 'This size is available for these dates: book it instead.',
  already: 'You are already on the waitlist for this size and these dates.',
  notHeld: 'This piece is not held for you (any more): the hold may have expired.',
  confirmed: 'Booked from your waitlist hold',
  left: 'You have left the waitlist',
  holdTitle: 'Held for you',
  /** After a declined card: the hold stays hers until it expires (an ISO time, shown in UTC). */
  stillHeld: (expiresIso: string) =>
    `We keep it held for you until ${expiresIso.slice(0, 10)} ${expiresIso.slice(11, 16)} UTC: update your card and confirm again.`,
} as const;

/** '23 h 59 min left' from milliseconds (what the dashboard shows beside 'Confirm'). */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'Expired';
  const minutes = Math.ceil(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min left` : `${m} min left`;
}
