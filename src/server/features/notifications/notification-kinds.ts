import type { NotificationKind } from '../../../domain/notifications';

/**
 * What each kind of notification says. Adding a kind is one entry here, its name in
 * NOTIFICATION_KINDS (src/domain/notifications.ts), and one call of `notify` where it happens
 * (a scan in notifications.scans.ts, or a service's transaction).
 */
export interface NotificationData {
  due_back_reminder: { itemName: string; returnDate: string };
  overdue_notice: { itemName: string; returnDate: string };
  rsvp_reminder: { eventTitle: string; date: string; time: string; location: string };
  listing_approved: { itemId: number; itemName: string };
  listing_rejected: { itemName: string; reason: string };
  /** Sent by courier (a delivery), or ready at the studio (a studio pickup). */
  rental_dispatched: { itemName: string; size: string; startDate: string; returnDate: string; handoff: 'delivery' | 'pickup' };
  /** A lender's damage claim, told to both parties (decision 0036). */
  claim_opened: { itemName: string; amount: string; party: 'lender' | 'renter' };
  claim_decided: { itemName: string; amount: string; party: 'lender' | 'renter'; upheld: boolean; note: string };
  /** The waitlist (decision 0034): a unit came free and is held for her until expiresAt. */
  waitlist_hold: { itemId: number; itemName: string; size: string; startDate: string; returnDate: string; expiresAt: string };
}

export interface RenderedNotification {
  title: string;
  body: string;
  /** A path in the app. */
  link: string | null;
}

/** 'Tuesday 1 December' from '2026-12-01' (UTC, as every date of the product). */
export function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

export const NOTIFICATION_TEMPLATES: { [K in NotificationKind]: (d: NotificationData[K]) => RenderedNotification } = {
  due_back_reminder: (d) => ({
    title: `${d.itemName} is due back ${longDate(d.returnDate)}`,
    body: `A reminder that your rental of ${d.itemName} ends on ${longDate(d.returnDate)}. Please send it back or drop it at the studio by then, or extend it from your dashboard if you need it longer.`,
    link: '/dashboard',
  }),
  overdue_notice: (d) => ({
    title: `${d.itemName} is overdue`,
    body: `Your rental of ${d.itemName} was due back on ${longDate(d.returnDate)} and we have not received it yet. Please return it as soon as you can; another member may be waiting for it.`,
    link: '/dashboard',
  }),
  rsvp_reminder: (d) => ({
    title: `Tomorrow: ${d.eventTitle}`,
    body: `See you tomorrow, ${longDate(d.date)}, ${d.time} at ${d.location}. If you cannot come, cancel your spot from your dashboard so another member can have it.`,
    link: '/dashboard?tab=events',
  }),
  listing_approved: (d) => ({
    title: `Your listing ${d.itemName} is live`,
    body: `Our team has reviewed ${d.itemName} and it is now in the collection for other members to rent. You earn your share of every rental.`,
    link: `/item/${d.itemId}`,
  }),
  listing_rejected: (d) => ({
    title: `Your listing ${d.itemName} needs changes`,
    body: `Our team could not approve ${d.itemName} yet. Reason: ${d.reason}\nEdit the listing from the Listing tab of your dashboard and it comes back to us for review.`,
    link: '/dashboard?tab=listing',
  }),
  rental_dispatched: (d) =>
    d.handoff === 'pickup'
      ? {
          title: `${d.itemName} is ready at the studio`,
          body: `Your rental of ${d.itemName} (size ${d.size}) is ready for you to collect at the studio from ${longDate(d.startDate)}. It is yours until ${longDate(d.returnDate)}: bring it back by then, or extend it from your dashboard.`,
          link: '/dashboard',
        }
      : {
          title: `${d.itemName} is on its way`,
          body: `Your rental of ${d.itemName} (size ${d.size}) has been sent and arrives in time for ${longDate(d.startDate)}. It is yours until ${longDate(d.returnDate)}: send it back by then, or extend it from your dashboard.`,
          link: '/dashboard',
        },
  claim_opened: (d) =>
    d.party === 'lender'
      ? {
          title: `Your claim on ${d.itemName} is with our team`,
          body: `We have your damage claim of ${d.amount} on ${d.itemName}. Our team looks at the photos and decides, usually within two working days; the earning from this rental is held until then.`,
          link: '/lending/payouts',
        }
      : {
          title: `The lender of ${d.itemName} has opened a damage claim`,
          body: `The lender of ${d.itemName} says it came back damaged and claims ${d.amount}. Our team reviews the claim and the photos and lets you know the decision; nothing is charged unless the claim is upheld.`,
          link: '/ratings',
        },
  claim_decided: (d) => ({
    title: d.upheld ? `Damage claim on ${d.itemName} upheld` : `Damage claim on ${d.itemName} rejected`,
    body:
      (d.upheld
        ? d.party === 'lender'
          ? `Our team upheld your claim: ${d.amount} is credited to your lending balance.`
          : `Our team upheld the lender's claim: ${d.amount} is charged to your card on file.`
        : d.party === 'lender'
          ? 'Our team did not uphold your claim; the earning from this rental is released.'
          : 'Our team did not uphold the claim: nothing is charged.') + `\nNote from our team: ${d.note}`,
    link: d.party === 'lender' ? '/lending/payouts' : '/ratings',
  }),
  waitlist_hold: (d) => ({
    title: `${d.itemName} in ${d.size} is held for you`,
    body: `Good news: ${d.itemName} in size ${d.size} has come free for ${longDate(d.startDate)} to ${longDate(d.returnDate)}. We are holding it for you for 24 hours, until ${new Date(d.expiresAt).toUTCString().replace(' GMT', ' UTC')}. Confirm it from your dashboard to book it; after that it goes to the next member waiting.`,
    link: '/dashboard',
  }),
};

/** The title, body and link of a notification of this kind. */
export function renderNotification<K extends NotificationKind>(kind: K, data: NotificationData[K]): RenderedNotification {
  return NOTIFICATION_TEMPLATES[kind](data);
}
