/**
 * Keep it (docs/product.md "Keep it", decision 0059): a member buys the piece she is renting. The
 * price is a share of the piece's retail price that falls with the times this very unit has been
 * rented before, down to a floor, and never below the rental's own price. Zod-free (the
 * dashboard and the item page use it).
 */

/** The share of retail a piece never rented before costs. */
export const KEEP_START_PERCENT = 70;
/** Taken off per earlier rental of the same unit. */
export const KEEP_STEP_PERCENT = 5;
/** The lowest share of retail, however often it was rented. */
export const KEEP_FLOOR_PERCENT = 40;

/** The percent of retail for a unit rented `pastRentals` times before this rental. */
export function keepPercent(pastRentals: number): number {
  return Math.max(KEEP_FLOOR_PERCENT, KEEP_START_PERCENT - KEEP_STEP_PERCENT * Math.max(0, pastRentals));
}

/**
 * The "Keep it" price in cents: `keepPercent` of retail, rounded to the cent, never below the
 * rental's price (what a week of it costs) and never above retail.
 */
export function keepPriceCents(v: { retailCents: number; rentalPriceCents: number; pastRentals: number }): number {
  const share = Math.round((v.retailCents * keepPercent(v.pastRentals)) / 100);
  return Math.min(Math.max(v.retailCents, v.rentalPriceCents), Math.max(share, v.rentalPriceCents));
}

export const KEEP_MESSAGES = {
  notYours: 'Rental not found',
  notSent: 'This piece has not been sent to you yet: you can keep it once you have it.',
  alreadyKept: 'You have already bought this piece: it is yours.',
  checkedIn: 'This piece is already back with us and checked in: it can no longer be kept.',
  cancelled: 'This booking was cancelled.',
  bookedNext:
    'Another member has booked this piece for the days after your rental, so it cannot be sold now. Enjoy it until your return date.',
  changed: 'This rental changed at the same time. Please try again.',
  kept: 'It is yours',
  keptBody: 'Paid with your card. Nothing to send back.',
} as const;
