import { rentalPriceForCategory, type Category } from './catalogue.rules';

/**
 * Lending your own clothes: a member lists a piece (with up to four photos), it is rented like
 * any item, and she earns a stated share of each rental's price. Its rules, limits and words, without
 * zod: a page that shows a listing's status or checks a photo loads these, not the listing schemas
 * (listings.ts, which re-exports them; decision 0081).
 */

/** The lender's share of each rental's price, in percent. The rest covers cleaning, delivery and care. */
export const LENDER_SHARE_PERCENT = 70;

/** What the lender earns for a rental of `priceCents` (rounded to the cent). */
export function lenderShareCents(priceCents: number): number {
  return Math.round((priceCents * LENDER_SHARE_PERCENT) / 100);
}

/** A member has at most this many live listings at once (removing one makes room). */
export const MAX_LIVE_LISTINGS = 50;

export const MAX_LISTING_PHOTOS = 4;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** How the piece reaches us. */
export const HANDOVERS = ['drop-off', 'pickup'] as const;
export type Handover = (typeof HANDOVERS)[number];
export const HANDOVER_LABELS: Record<Handover, string> = {
  'drop-off': 'In-store drop-off',
  pickup: 'We pick it up',
};

export const MIN_RETAIL_CENTS = 1_000; // $10
export const MAX_RETAIL_CENTS = 5_000_000; // $50,000

/**
 * The weekly rental price a lender may ask for a category: from half the house price to three
 * times it (and never more than the retail price), in cents.
 */
export function rentalPriceBounds(category: string): { suggested: number; min: number; max: number } {
  const suggested = rentalPriceForCategory(category);
  return { suggested, min: Math.round(suggested / 2), max: suggested * 3 };
}

/**
 * The price rule of a listing (docs/product.md, Lending): the weekly rental price within the
 * category's bounds and never above the retail price. What is wrong with a price, in words; empty
 * when it is right. The form, the create route and the edit (on the merged values) all ask here.
 */
export function rentalPriceProblems(v: {
  category?: Category | undefined;
  rentalPriceCents?: number | undefined;
  retailPriceCents?: number | undefined;
}): string[] {
  const problems: string[] = [];
  if (v.rentalPriceCents === undefined) return problems;
  if (v.category) {
    const { min, max } = rentalPriceBounds(v.category);
    if (v.rentalPriceCents < min || v.rentalPriceCents > max) {
      problems.push(
        `Rental price for ${v.category} must be between $${(min / 100).toFixed(2)} and $${(max / 100).toFixed(2)} a week`,
      );
    }
  }
  if (v.retailPriceCents !== undefined && v.rentalPriceCents > v.retailPriceCents)
    problems.push('Rental price cannot be more than the retail price');
  return problems;
}

/**
 * Where a member's listing stands with staff: it is public only once approved (docs/product.md
 * "Staff and the operations desk"). The item's status column carries it.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'In review',
  approved: 'Live',
  rejected: 'Changes needed',
};

/** The item status (items.status) that goes with each review status. */
export const ITEM_STATUS_FOR_REVIEW: Record<ReviewStatus, string> = {
  pending: 'pending_review',
  approved: 'active',
  rejected: 'rejected',
};

/** The review status of an item status; null for a removed listing. */
export function reviewStatusOfItem(status: string): ReviewStatus | null {
  // A managed piece on its way into our care, asked back, or back with her was approved (decision 0062);
  // so was a piece paused by its lender's cancellations (decision 0067).
  if (status === 'active' || status === 'intake' || status === 'recalled' || status === 'returned') return 'approved';
  if (status === 'paused') return 'approved';
  if (status === 'pending_review') return 'pending';
  if (status === 'rejected') return 'rejected';
  return null;
}

export const LISTING_STATUSES = ['available', 'rented'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_MESSAGES = {
  created: 'Listing sent for review',
  createdBody: 'Our team reviews every piece before it goes live, usually within a day. We will let you know.',
  resubmitted: 'Sent back for review',
  updated: 'Listing updated',
  removed: 'Listing removed',
  rentedNoChange: 'This piece is rented right now: edit or remove it once it is back.',
  inOurCare: 'This piece is in our care: ask for it back first, and remove it once it is with you again.',
  tooManyPhotos: `Add at most ${MAX_LISTING_PHOTOS} photos`,
  tooManyListings: `You have ${MAX_LIVE_LISTINGS} pieces listed, the most a member can have at once: remove one to list another.`,
  noPhoto: 'Add at least one photo',
  photoTooLarge: `Each photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`,
  photoType: 'Photos must be JPEG, PNG or WebP images',
  verifyToLend: 'Lending is for verified members: verify your identity first, then list your piece.',
} as const;
