/**
 * The ratings' rules and words without zod: the /ratings page needs them at first paint, not the
 * API's schemas (ratings.ts re-exports this; see catalogue.rules.ts for why the split). Ratings
 * are between members after a rental of a member's piece (docs/product.md "Ratings"; decision 0036).
 */

export const RATING_BLIND_DAYS = 14;
export const RATING_COMMENT_MAX = 500;

/** Who wrote a rating: the renter (about the lender) or the lender (about the renter). */
export const RATING_SIDES = ['renter', 'lender'] as const;
export type RatingSide = (typeof RATING_SIDES)[number];

export const RATING_MESSAGES = {
  saved: 'Thank you: your rating is in',
  notReturned: 'You can rate once the piece is back',
  notYours: 'Rental not found',
  already: 'You have already rated this rental',
} as const;
