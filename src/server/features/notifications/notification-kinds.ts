import type { NotificationKind } from '../../../domain/notifications';
import { browseHrefOf } from '../../../domain/saved-searches';

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
  rental_dispatched: {
    itemName: string;
    size: string;
    startDate: string;
    returnDate: string;
    handoff: 'delivery' | 'pickup';
  };
  /** A lender's damage claim, told to both parties (decision 0036). */
  claim_opened: { itemName: string; amount: string; party: 'lender' | 'renter' };
  claim_decided: { itemName: string; amount: string; party: 'lender' | 'renter'; upheld: boolean; note: string };
  /** A renter's problem report (decision 0060), told to both parties; the lender's dispute, to the renter; its outcome, to both. */
  problem_reported: { itemName: string; reason: string; party: 'lender' | 'renter'; rentalId: number };
  problem_disputed: { itemName: string; note: string; rentalId: number };
  problem_resolved: {
    itemName: string;
    party: 'lender' | 'renter';
    rentalId: number;
    refunded: boolean;
    refund: string;
    deduction: string;
    note: string;
  };
  /** The waitlist (decision 0034): a unit came free and is held for her until expiresAt. */
  waitlist_hold: {
    itemId: number;
    itemName: string;
    size: string;
    startDate: string;
    returnDate: string;
    expiresAt: string;
  };
  /** Lending between members (decision 0035): to the lender, a new request; to the renter, its answer. */
  lending_requested: { itemName: string; renterName: string; startDate: string; returnDate: string; expiresAt: string };
  lending_accepted: { itemName: string; lenderName: string; startDate: string; returnDate: string };
  lending_declined: { itemName: string; startDate: string };
  /** To both: the lender did not answer within 48 hours. */
  lending_expired: { itemName: string; startDate: string; role: 'renter' | 'lender' };
  lending_message: { itemName: string; fromName: string; rentalId: number };
  lending_sent: { itemName: string; lenderName: string; startDate: string; handoff: 'delivery' | 'pickup' };
  /** To the lender: the renter withdrew her pending request (decision 0041). */
  lending_withdrawn: { itemName: string; renterName: string; startDate: string };
  /** Not sent by the end of its start day: cancelled and refunded on cancelsOn if still not sent (docs/product.md "Renting"). */
  dispatch_late: { itemName: string; startDate: string; cancelsOn: string; refund: string | null };
  /** Still not sent by cancelsOn: cancelled by us, everything refunded (refund null: a plan's place given back). */
  dispatch_late_cancelled: { itemName: string; startDate: string; refund: string | null };
  /** A plan's renewal declined; tried again on retryOn (decision 0058). */
  plan_renewal_declined: { planTitle: string; amount: string; attempt: number; retryOn: string };
  plan_renewed: { planTitle: string; amount: string; paidThrough: string };
  /** The last try declined too: the plan is paused until a card pays. */
  plan_paused_unpaid: { planTitle: string; amount: string };
  /** To the lender: her piece was kept by its renter or sold in the pre-loved sale (decision 0066), with her share. */
  piece_sold: { itemName: string; price: string; share: string; how: 'kept' | 'preloved' };
  /** Managed lending (decision 0062), to the lender: approved (book a pickup), live, rented, her share credited, rejected at intake, sent back. */
  managed_approved: { itemId: number; itemName: string };
  managed_live: { itemId: number; itemName: string };
  managed_rented: { itemName: string; startDate: string; returnDate: string; share: string };
  managed_earning: { itemName: string; share: string };
  managed_rejected: { itemName: string; reason: string };
  managed_returned: { itemName: string; method: 'parcel' | 'studio'; place: string };
  /** Its storage term ends soon (renew it), or ended (it comes back to her); decision 0070. */
  managed_term_ending: { itemName: string; endsOn: string; months: number };
  managed_term_ended: { itemName: string; day: string; method: 'parcel' | 'studio'; place: string };
  /** The desk found damage at check-in, settled per the schedule; her share is in her payouts (decision 0070). */
  managed_damage: { itemName: string; damage: string; share: string };
  /** New pieces match a saved search of hers (decision 0065): at most one a day per search. */
  saved_search_match: { searchName: string; count: number; names: string[]; params: string };
  /** Her lender cancelled the request she had accepted (decision 0067): refunded in full, pieces like it. */
  lending_cancelled: {
    itemName: string;
    startDate: string;
    refund: string | null;
    similar: { id: number; name: string }[];
  };
}

export interface RenderedNotification {
  title: string;
  body: string;
  /** A path in the app. */
  link: string | null;
}

/**
 * 'Tuesday 1 December' from '2026-12-01': a date-only day stays that day (read in UTC, so no zone
 * moves it); the business's days are already counted in its zone (decision 0047).
 */
export function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}

/**
 * 'Sunday 29 November, 8:00 PM EST' from an instant, in the business's zone with the zone named:
 * a notification is written once, for mail and the app, before anyone knows the reader's zone.
 */
export function longDateTime(instant: string, timeZone: string): string {
  const at = new Date(instant);
  const day = at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone });
  return `${day}, ${time}`;
}

export const NOTIFICATION_TEMPLATES: {
  [K in NotificationKind]: (d: NotificationData[K], timeZone: string) => RenderedNotification;
} = {
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
  problem_reported: (d) =>
    d.party === 'renter'
      ? {
          title: `We have your report on ${d.itemName}`,
          body: `You reported: ${d.reason}. We let you know the outcome; a refund goes back to your card.`,
          link: `/rentals/${d.rentalId}/report`,
        }
      : {
          title: `The renter reported a problem with ${d.itemName}`,
          body: `The renter reported: ${d.reason}. Accept it (she is refunded in full) or dispute it and our team decides; the earning from this rental is held until then.`,
          link: `/rentals/${d.rentalId}/report`,
        },
  problem_disputed: (d) => ({
    title: `The lender of ${d.itemName} disputes your report`,
    body: `The lender disagrees with your report; our team looks at it and decides.\nThe lender's note: ${d.note}`,
    link: `/rentals/${d.rentalId}/report`,
  }),
  problem_resolved: (d) => ({
    title: d.refunded ? `Your report on ${d.itemName}: refunded` : `Your report on ${d.itemName}: not upheld`,
    body:
      (d.refunded
        ? d.party === 'renter'
          ? `${d.refund} is refunded to your card.`
          : `The renter is refunded ${d.refund}; ${d.deduction} is taken from your earning for this rental.`
        : d.party === 'renter'
          ? 'Your report was not upheld: nothing is refunded.'
          : 'The report was not upheld; the earning from this rental is released.') + `\nNote: ${d.note}`,
    link: `/rentals/${d.rentalId}/report`,
  }),
  waitlist_hold: (d, timeZone) => ({
    title: `${d.itemName} in ${d.size} is held for you`,
    body: `Good news: ${d.itemName} in size ${d.size} has come free for ${longDate(d.startDate)} to ${longDate(d.returnDate)}. We are holding it for you for 24 hours, until ${longDateTime(d.expiresAt, timeZone)}. Confirm it from your dashboard to book it; after that it goes to the next member waiting.`,
    link: '/dashboard',
  }),
  lending_requested: (d, timeZone) => ({
    title: `${d.renterName} would like to rent ${d.itemName}`,
    body: `${d.renterName} has asked to rent your ${d.itemName} from ${longDate(d.startDate)} to ${longDate(d.returnDate)}. Her card is authorised. Accept or decline by ${longDateTime(d.expiresAt, timeZone)}; without an answer the request expires and the dates are freed.`,
    link: '/requests',
  }),
  lending_accepted: (d) => ({
    title: `${d.lenderName} accepted your request for ${d.itemName}`,
    body: `Your rental of ${d.itemName} from ${longDate(d.startDate)} to ${longDate(d.returnDate)} is confirmed and your card has been charged. Message ${d.lenderName} from your requests to arrange the handover.`,
    link: '/requests',
  }),
  lending_declined: (d) => ({
    title: `Your request for ${d.itemName} was declined`,
    body: `The lender cannot lend ${d.itemName} from ${longDate(d.startDate)}. The hold on your card has been released and nothing was charged.`,
    link: '/requests',
  }),
  lending_expired: (d) =>
    d.role === 'renter'
      ? {
          title: `Your request for ${d.itemName} has expired`,
          body: `The lender did not answer within 48 hours, so your request for ${d.itemName} from ${longDate(d.startDate)} has expired. The hold on your card has been released and nothing was charged.`,
          link: '/requests',
        }
      : {
          title: `A request for ${d.itemName} has expired`,
          body: `A request to rent your ${d.itemName} from ${longDate(d.startDate)} was not answered within 48 hours and has expired; the dates are free again.`,
          link: '/requests',
        },
  lending_message: (d) => ({
    title: `New message from ${d.fromName}`,
    body: `${d.fromName} wrote to you about ${d.itemName}. Read and reply in your requests.`,
    link: `/requests/${d.rentalId}`,
  }),
  lending_sent: (d) => ({
    title:
      d.handoff === 'pickup' ? `${d.lenderName} handed over ${d.itemName}` : `${d.lenderName} has sent ${d.itemName}`,
    body:
      d.handoff === 'pickup'
        ? `${d.itemName} is with you. Enjoy it, and return it by the end of your rental.`
        : `${d.itemName} is on its way for ${longDate(d.startDate)}. Mark it received when it arrives.`,
    link: '/requests',
  }),
  lending_withdrawn: (d) => ({
    title: `${d.renterName} withdrew her request for ${d.itemName}`,
    body: `${d.renterName} no longer needs your ${d.itemName} from ${longDate(d.startDate)} and has withdrawn her request. There is nothing to answer: the dates are free again.`,
    link: '/requests',
  }),
  lending_cancelled: (d) => ({
    title: `Your rental of ${d.itemName} was cancelled by the lender`,
    body:
      `We are sorry: the lender cancelled your rental of ${d.itemName} from ${longDate(d.startDate)}. ` +
      (d.refund ? `${d.refund} goes back to your card in full. ` : 'Nothing was charged. ') +
      (d.similar.length
        ? `Pieces like it you can rent instead: ${d.similar.map((x) => `${x.name} (/item/${x.id})`).join(', ')}.`
        : 'Browse the collection for a piece like it.'),
    link: '/requests',
  }),
  dispatch_late: (d) => ({
    title: `${d.itemName} has not been sent yet`,
    body: `We are sorry: your rental of ${d.itemName}, starting ${longDate(d.startDate)}, has not left us yet. You can cancel it from your dashboard for a full refund${d.refund ? ` (${d.refund})` : ''}. If we cannot send it by ${longDate(d.cancelsOn)}, we cancel it and refund you in full${d.refund ? '' : ' (the piece goes back to your plan)'}.`,
    link: '/dashboard',
  }),
  dispatch_late_cancelled: (d) => ({
    title: `We could not send ${d.itemName}: cancelled and refunded`,
    body: `We are sorry: we could not send your rental of ${d.itemName}, which was to start ${longDate(d.startDate)}, so we have cancelled it. ${d.refund ? `${d.refund} goes back to your card in full.` : 'The piece goes back to your plan for this month.'}`,
    link: '/dashboard',
  }),
  plan_renewal_declined: (d) => ({
    title: `Your ${d.planTitle} plan's renewal was declined`,
    body: `We could not charge ${d.amount} for your ${d.planTitle} plan's next term (try ${d.attempt} of 3). We try again on ${longDate(d.retryOn)}; update your card on your account before then if it has changed. Until it is paid, plan pieces cannot be booked; the pieces you have stay yours.`,
    link: '/account#plan',
  }),
  plan_renewed: (d) => ({
    title: `Your ${d.planTitle} plan renewed`,
    body: `We charged ${d.amount} to your card for your ${d.planTitle} plan's next term, which runs until ${longDate(d.paidThrough)}. Pause, change or cancel it anytime from your account.`,
    link: '/account#plan',
  }),
  managed_approved: (d) => ({
    title: `${d.itemName} is approved: book its pickup`,
    body: `Our team approved ${d.itemName}. Choose a day for us to collect it from your address, or drop it at a studio; we check it, clean it and put it live.`,
    link: '/dashboard?tab=listing',
  }),
  managed_live: (d) => ({
    title: `${d.itemName} is live`,
    body: `We checked and cleaned ${d.itemName}: members can book it now. We ship it, take it back and clean it after each rental; nothing needs you.`,
    link: `/item/${d.itemId}`,
  }),
  managed_rented: (d) => ({
    title: `${d.itemName} has been booked`,
    body: `${d.itemName} is booked from ${longDate(d.startDate)} to ${longDate(d.returnDate)}. We send it and bring it back; your share, ${d.share}, goes into your payouts once it is back and checked in.`,
    link: '/lending/payouts',
  }),
  managed_earning: (d) => ({
    title: `${d.share} is in your payouts`,
    body: `${d.itemName} is back and checked in: your share, ${d.share}, is in your payouts.`,
    link: '/lending/payouts',
  }),
  managed_rejected: (d) => ({
    title: `We cannot take ${d.itemName}`,
    body: `We checked ${d.itemName} against your photos and cannot rent it: ${d.reason} We are sending it back to you.`,
    link: '/dashboard?tab=listing',
  }),
  managed_returned: (d) => ({
    title: d.method === 'parcel' ? `${d.itemName} is on its way back to you` : `${d.itemName} is ready to collect`,
    body:
      d.method === 'parcel'
        ? `We have sent ${d.itemName} back to ${d.place}.`
        : `${d.itemName} is waiting for you at ${d.place}.`,
    link: '/dashboard?tab=listing',
  }),
  managed_term_ending: (d) => ({
    title: `${d.itemName}: its storage ends ${longDate(d.endsOn)}`,
    body: `We have kept ${d.itemName} for you for almost ${d.months} months. Renew it from your Listing tab to keep it with us for another ${d.months} months; or do nothing, and on ${longDate(d.endsOn)} it leaves the collection and we send it back to you at no cost once its last booking is over.`,
    link: '/dashboard?tab=listing',
  }),
  managed_term_ended: (d) => ({
    title: `${d.itemName} is coming back to you`,
    body:
      d.method === 'parcel'
        ? `Its storage term has ended, so ${d.itemName} has left the collection. We send it to ${d.place} at no cost, from ${longDate(d.day)}.`
        : `Its storage term has ended, so ${d.itemName} has left the collection. Collect it at ${d.place} from ${longDate(d.day)}.`,
    link: '/dashboard?tab=listing',
  }),
  managed_damage: (d) => ({
    title: `${d.itemName} came back damaged`,
    body: `When ${d.itemName} came back, our desk found ${d.damage}. We repair it; the renter is charged per our damage schedule, and ${d.share} for the damage is in your payouts. Nothing needs you.`,
    link: '/lending/payouts',
  }),
  plan_paused_unpaid: (d) => ({
    title: `Your ${d.planTitle} plan is paused`,
    body: `We tried three times to charge ${d.amount} for your ${d.planTitle} plan's next term and the card was declined each time, so your plan is paused: nothing more is charged and plan pieces cannot be booked. The pieces you have stay yours. Save a card on your account to pay and resume your plan from that day.`,
    link: '/account#plan',
  }),
  piece_sold: (d) => ({
    title: `${d.itemName} has sold: ${d.share} is yours`,
    body: `${d.how === 'kept' ? 'The member renting your piece has kept it' : 'Your piece has sold in the pre-loved sale'}, for ${d.price}. Your share, ${d.share}, is on your statement and is paid out like a rental's earning, 2 days after the sale.`,
    link: '/lending/payouts',
  }),
  saved_search_match: (d) => ({
    title: `New for your search “${d.searchName}”`,
    body: `${d.count === 1 ? 'A new piece matches' : `${d.count} new pieces match`} your saved search “${d.searchName}”: ${d.names.join(', ')}${d.count > d.names.length ? ' and more' : ''}.`,
    link: browseHrefOf(d.params),
  }),
};

/** The title, body and link of a notification of this kind; its times are shown in `timeZone` (the business's). */
export function renderNotification<K extends NotificationKind>(
  kind: K,
  data: NotificationData[K],
  timeZone: string,
): RenderedNotification {
  return NOTIFICATION_TEMPLATES[kind](data, timeZone);
}
