import { MAX_RANGE_DAYS, RENTAL_DAYS, addDays } from './catalogue.rules';

/**
 * Rentals (docs/product.md, Renting): a member holds one unit of an item for a date range (7 days from today
 * by default), may extend it by 7 days if the unit is free then, and returns it.
 *
 * The messages, statuses and date rules, without zod (the item page's Add to Cart needs them); the
 * schemas are in rentals.ts, which re-exports all of this (see catalogue.rules.ts for why).
 */

/**
 * The booking horizon: a rental starts at most this many days from today. A booking far ahead
 * would hold the piece (and block its lender's edits) for years.
 */
export const MAX_BOOKING_AHEAD_DAYS = 90;

/** The longest hold, extensions included: from the start to the return date (the longest range a booking may take). */
export const MAX_RENTAL_DAYS = MAX_RANGE_DAYS;

/** The last day a rental booked on `today` may start. */
export function latestStartDate(today: string): string {
  return addDays(today, MAX_BOOKING_AHEAD_DAYS);
}

/**
 * What is wrong with a start date on `today` (a rental, a request to book, a waitlist entry or a
 * lender's blocked days), or null: it is today or later and within the booking horizon.
 */
export function startDateProblem(startDate: string, today: string): string | null {
  if (startDate < today) return 'must be today or later';
  const latest = latestStartDate(today);
  return startDate > latest ? `must be at most ${MAX_BOOKING_AHEAD_DAYS} days from today (${latest})` : null;
}

export const RENTAL_MESSAGES = {
  added: 'Added to Cart!',
  addedBody: 'The piece is in your rental collection.',
  alreadyRented: 'Already Rented',
  alreadyRentedBody: 'This item is already in your rental collection',
  failed: 'Failed to add item to cart. Please try again.',
  soldOut: 'Sold out for these dates',
  backupSoldOut: 'Your backup size is sold out for these dates: choose another backup size, or book without one.',
  extended: 'Rental extended',
  returned: 'Item returned',
  ownListing: 'You cannot rent your own listing',
  extendBlocked: 'This piece is booked by another member right after your rental, so it cannot be extended.',
  extendTooLong: `A rental lasts at most ${MAX_RENTAL_DAYS} days: return this piece and book it again to keep it longer.`,
  allowanceTitle: 'Monthly allowance reached',
  alreadyReturned: 'This rental has already been returned.',
  received: 'Marked as received',
  notDispatched: 'This piece has not been sent yet: it can be marked received once it is on its way.',
  alreadyReceived: 'This piece is already marked as with you.',
  studioHandover: 'A studio pickup is marked as handed over by our studio team.',
  extendReturned: 'This rental has been returned.',
  extendedMeanwhile:
    'This rental was extended a moment ago (its return date changed). Check the new date before extending again.',
  cancelled: 'Booking cancelled',
  cancelledBody: 'Your booking is cancelled and fully refunded.',
  cancelledPlanBody: 'Your booking is cancelled; the piece is back in your plan for this month.',
  cancelDispatched: 'This piece is already on its way to you: return it once it arrives.',
  returnBeforeStart: 'This rental has not started yet: cancel it instead (you get a full refund).',
  returnNotSent: 'This piece has not been sent to you yet: cancel the booking instead (you get a full refund).',
  returnConfirm:
    'Return means you have sent the piece back or dropped it at the studio. There is no refund for returning early.',
  lateToDispatch: 'We have not sent this piece yet, and we are sorry for the delay.',
  /** The dashboard says this under a rental within a paid plan: returning early does not give the piece back to the month. */
  returnKeepsAllowance:
    'Returning a piece does not give its place in your plan back; cancelling before the start does.',
  addCard: 'Add a card to rent',
  cardRequired: 'Add a card to rent: pay-per-item rentals are charged when you book.',
  /** She has store credit, but it does not pay the whole total: a card pays the rest (decision 0069). */
  creditShort: 'Your store credit does not cover this rental. Add a card to rent: it pays the rest when you book.',
  includedInPlan: 'Included in your plan',
  onePiece: 'One rental is one piece: book again for another piece or size.',
  pastDates: 'Those dates have passed: we show the first free dates instead.',
  beyondHorizon: `Those dates are further ahead than we book (a rental starts within ${MAX_BOOKING_AHEAD_DAYS} days): we show the first free dates instead.`,
} as const;

export const RENTAL_STATUSES = [
  'reserved',
  'dispatched',
  'out',
  'overdue',
  'returning',
  'returned',
  'cancelled',
  'kept',
] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  reserved: 'Reserved',
  dispatched: 'On its way',
  out: 'With you',
  overdue: 'Overdue',
  returning: 'Sent back',
  returned: 'Returned',
  cancelled: 'Cancelled',
  kept: 'Yours',
};

/** What a rental's status is read from (the rental's own marks: docs/product.md "Renting"). */
export interface RentalMarks {
  startDate: string;
  /** The return date. */
  endDate: string;
  /** 'pickup' (the studio) or 'delivery'. */
  handoff: 'delivery' | 'pickup';
  dispatchedAt: string | null;
  /** The business day it was sent (dispatchedAt in BUSINESS_TIME_ZONE, decision 0047); null until sent. */
  dispatchedOn: string | null;
  receivedAt: string | null;
  /** Her 'Return': sent back (or, before dispatch, the reservation cancelled). */
  returnedAt: string | null;
  checkedInAt: string | null;
  /** Her 'Cancel' before the start (a full refund; decision 0030). */
  cancelledAt?: string | null;
  /** Keep it: when her purchase of the piece went through (the rental is over; decision 0059). */
  keptAt?: string | null;
}

/**
 * A rental's status on `today`: reserved until staff dispatch it; then on its way (a delivery
 * until she marks it received, or at the latest until its start date or the day after it was
 * sent, whichever is later; a studio pickup until it is handed over);
 * with her, or overdue once its return date has passed; sent back once she returns it, until
 * staff check it in; returned once checked in (or cancelled before it was dispatched); cancelled
 * when she cancelled it before its start.
 */
export function rentalStatus(r: RentalMarks, today: string): RentalStatus {
  if (r.cancelledAt) return 'cancelled';
  if (r.keptAt) return 'kept';
  if (r.checkedInAt) return 'returned';
  if (r.returnedAt) return r.dispatchedAt ? 'returning' : 'returned';
  if (!r.dispatchedAt) return 'reserved';
  if (today > r.endDate) return 'overdue';
  if (r.receivedAt) return 'out';
  if (r.handoff === 'pickup') return 'dispatched';
  const arrives = addDays(r.dispatchedOn ?? r.startDate, 1);
  return today < r.startDate || today < arrives ? 'dispatched' : 'out';
}

/** What a member may do with a rental: the dashboard shows these buttons and the API allows only these. */
export const RENTAL_ACTIONS = ['cancel', 'extend', 'return', 'received'] as const;
export type RentalAction = (typeof RENTAL_ACTIONS)[number];

/**
 * Days after its start date a booking never dispatched (nor put ready at the studio) is cancelled
 * and refunded in full by the scheduled job (docs/product.md "Renting": late to dispatch).
 */
export const LATE_DISPATCH_CANCEL_DAYS = 2;

/**
 * Late to dispatch: not sent (nor ready at the studio) by the end of its start day, and still
 * open. The desk lists it apart, she is told, and it is cancelled with a full refund on
 * `lateDispatchCancelDate` if it has still not gone by then.
 */
export function isLateToDispatch(r: RentalMarks, today: string): boolean {
  return !r.dispatchedAt && !r.returnedAt && !r.checkedInAt && !r.cancelledAt && today > r.startDate;
}

/** The day the scheduled job cancels and refunds a booking still not dispatched. */
export function lateDispatchCancelDate(startDate: string): string {
  return addDays(startDate, LATE_DISPATCH_CANCEL_DAYS);
}

/**
 * Until it is dispatched (or ready at the studio), whatever the date, a rental can be cancelled:
 * everything charged is refunded in full and a plan's place comes back (decision 0030). Once it
 * has been sent and its start date has come it can be returned ('Return': no refund, the place
 * stays used): Return is never offered for a piece she never received. A delivery on its way can
 * be marked received. Extending is open until it is sent back, except for a booking we are late
 * to send. Nothing once it has ended.
 */
export function rentalActions(r: RentalMarks, today: string): RentalAction[] {
  const status = rentalStatus(r, today);
  if (status === 'cancelled' || status === 'returned' || status === 'returning' || status === 'kept') return [];
  const actions: RentalAction[] = [];
  if (!r.dispatchedAt) actions.push('cancel');
  if (!isLateToDispatch(r, today)) actions.push('extend');
  if (r.dispatchedAt && today >= r.startDate) actions.push('return');
  if (r.dispatchedAt && !r.receivedAt && r.handoff === 'delivery') actions.push('received');
  return actions;
}

/* ---------------------------------------------------------------- late returns */

/**
 * Late fees (docs/product.md "Renting"): a rental not sent back by its return date is overdue.
 * Each day late costs the piece's weekly price / 7 (rounded up to the cent), capped at three
 * weeks' price and never more than the piece's retail price. The days count from the return date
 * to the day she sent it back (her 'Return'), or to the day staff checked it in if she never
 * said. The fee is charged once, at check-in; staff may waive it.
 */
export const LATE_FEE_CAP_WEEKS = 3;

export function lateFeePerDayCents(weeklyCents: number): number {
  return Math.ceil(weeklyCents / RENTAL_DAYS);
}

export function lateFeeCapCents(weeklyCents: number, retailCents: number): number {
  return Math.min(weeklyCents * LATE_FEE_CAP_WEEKS, retailCents);
}

/** Whole days from the return date to `backOn` (0 when on time). */
export function daysLate(returnDate: string, backOn: string): number {
  return Math.max(0, daysBetween(returnDate, backOn));
}

/** A fee smaller than the smallest card payment (50 cents) is not charged at all. */
export const LATE_FEE_MIN_CENTS = 50;

/** The fee for `days` late days of a piece (weekly and retail prices in cents). */
export function lateFeeCents(days: number, weeklyCents: number, retailCents: number): number {
  const fee = Math.min(days * lateFeePerDayCents(weeklyCents), lateFeeCapCents(weeklyCents, retailCents));
  return fee < LATE_FEE_MIN_CENTS ? 0 : fee;
}

/** accruing: while out; due: worked out at check-in, being charged; charged; waived by staff; failed: the card was refused or there is none. */
export const LATE_FEE_STATUSES = ['accruing', 'due', 'charged', 'waived', 'failed'] as const;
export type LateFeeStatus = (typeof LATE_FEE_STATUSES)[number];

export const LATE_FEE_STATUS_LABELS: Record<LateFeeStatus, string> = {
  accruing: 'Growing each day until it is back',
  due: 'To be charged',
  charged: 'Charged',
  waived: 'Waived',
  failed: 'Not charged',
};

import { daysBetween } from './calendar';

export { daysBetween };

/** The price of holding a piece for [start, end): its weekly price per started week. */
export function rentalPriceCents(weeklyCents: number, startDate: string, endDate: string): number {
  return weeklyCents * Math.max(1, Math.ceil(daysBetween(startDate, endDate) / RENTAL_DAYS));
}

/** The default rental period: 7 days from today. */
export function defaultRentalRange(today: string): { startDate: string; endDate: string } {
  return { startDate: today, endDate: addDays(today, RENTAL_DAYS) };
}
