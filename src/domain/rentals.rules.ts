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

export const RENTAL_MESSAGES = {
  added: 'Added to Cart!',
  addedBody: 'The piece is in your rental collection.',
  alreadyRented: 'Already Rented',
  alreadyRentedBody: 'This item is already in your rental collection',
  failed: 'Failed to add item to cart. Please try again.',
  soldOut: 'Sold out for these dates',
  extended: 'Rental extended',
  returned: 'Item returned',
  ownListing: 'You cannot rent your own listing',
  extendBlocked: 'This piece is booked by another member right after your rental, so it cannot be extended.',
  extendTooLong: `A rental lasts at most ${MAX_RENTAL_DAYS} days: return this piece and book it again to keep it longer.`,
  allowanceTitle: 'Monthly allowance reached',
} as const;

export const RENTAL_STATUSES = ['reserved', 'out', 'returned'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  reserved: 'Reserved',
  out: 'With you',
  returned: 'Returned',
};

/** A rental's status on `today`: returned once returned, reserved before its start date, else out. */
export function rentalStatus(r: { startDate: string; returnedAt: string | null }, today: string): RentalStatus {
  if (r.returnedAt) return 'returned';
  return today < r.startDate ? 'reserved' : 'out';
}

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
