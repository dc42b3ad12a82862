/**
 * Notification kinds, timings and texts without zod (the navigation's bell is in the first
 * page's bundle); notifications.ts re-exports all of this with the API schemas.
 */

export const NOTIFICATION_KINDS = [
  'due_back_reminder',
  'overdue_notice',
  'rsvp_reminder',
  'listing_approved',
  'listing_rejected',
  'rental_dispatched',
  'claim_opened',
  'claim_decided',
  'problem_reported',
  'problem_disputed',
  'problem_resolved',
  'waitlist_hold',
  'lending_requested',
  'lending_accepted',
  'lending_declined',
  'lending_expired',
  'lending_message',
  'lending_sent',
  'lending_withdrawn',
  'lending_cancelled',
  'dispatch_late',
  'dispatch_late_cancelled',
  'plan_renewal_declined',
  'plan_paused_unpaid',
  'saved_search_match',
  'plan_renewed',
  'piece_sold',
  'managed_approved',
  'managed_live',
  'managed_rented',
  'managed_earning',
  'managed_rejected',
  'managed_returned',
  'managed_term_ending',
  'managed_term_ended',
  'managed_damage',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Days before the return date the due-back reminder goes out. */
export const DUE_BACK_REMINDER_DAYS = 2;
/** Days after the return date the overdue notice goes out (if the piece is not back). */
export const OVERDUE_NOTICE_DAYS = 1;
/** Days before an event the RSVP reminder goes out. */
export const RSVP_REMINDER_DAYS = 1;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The bell's accessible name. */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread} unread`;
}
