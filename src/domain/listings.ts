import { z } from 'zod';
import { CATEGORIES, ITEM_GENDERS, SIZES, rentalPriceForCategory, type Category } from './catalogue';
import { LendingModeSchema } from './managed-lending';
import { formatCount } from './money';

/**
 * Lending your own clothes: a member lists a piece (with up to four photos), it is rented like
 * any item, and she earns a stated share of each rental's price.
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
export const HandoverSchema = z.enum(HANDOVERS, { error: 'Choose in-store drop-off or pickup' });
export type Handover = z.infer<typeof HandoverSchema>;
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

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be in whole cents`)
    .positive(`${label} must be more than zero`);

const ListingFieldsSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(80, 'Name is at most 80 characters'),
  brand: z.string().trim().min(1, 'Brand is required').max(60, 'Brand is at most 60 characters'),
  category: z.enum(CATEGORIES, { error: 'Choose a category' }),
  gender: z.enum(ITEM_GENDERS, { error: 'Choose Women or Men' }),
  sizes: z
    .array(z.enum(SIZES, { error: 'Unknown size' }))
    .min(1, 'Choose at least one size')
    .max(SIZES.length)
    .refine((s) => new Set(s).size === s.length, 'Each size once'),
  description: z
    .string()
    .trim()
    .min(10, 'Describe the piece in at least 10 characters')
    .max(1000, 'Description is at most 1000 characters'),
  retailPriceCents: cents('Retail price')
    .min(MIN_RETAIL_CENTS, `Retail price must be at least $${MIN_RETAIL_CENTS / 100}`)
    .max(MAX_RETAIL_CENTS, `Retail price must be at most $${formatCount(MAX_RETAIL_CENTS / 100)}`),
  rentalPriceCents: cents('Rental price'),
  handover: HandoverSchema,
  /** Who looks after the piece (decision 0062): 'managed' unless she chooses to lend it herself. */
  lendingMode: LendingModeSchema.default('managed'),
});

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

function checkRentalPrice(v: Parameters<typeof rentalPriceProblems>[0], ctx: z.RefinementCtx) {
  for (const message of rentalPriceProblems(v)) ctx.addIssue({ code: 'custom', path: ['rentalPriceCents'], message });
}

/** The listing form (and the `data` part of POST /api/listings). */
export const ListingInputSchema = ListingFieldsSchema.superRefine(checkRentalPrice);
export type ListingInput = z.infer<typeof ListingInputSchema>;

/** PATCH /api/listings/{id}: any of the fields but sizes (the physical piece does not change size). */
export const ListingUpdateSchema = ListingFieldsSchema.omit({ sizes: true, lendingMode: true })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field')
  .superRefine(checkRentalPrice);
export type ListingUpdate = z.infer<typeof ListingUpdateSchema>;

/**
 * Where a member's listing stands with staff: it is public only once approved (docs/product.md
 * "Staff and the operations desk"). The item's status column carries it.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

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

export const ListingReviewSchema = z.object({
  status: ReviewStatusSchema,
  /** Why staff rejected it (while rejected). */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** When it last went to review. */
  submittedAt: z.string(),
});
export type ListingReview = z.infer<typeof ListingReviewSchema>;

export const LISTING_STATUSES = ['available', 'rented'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ListingPhotoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const ListingSchema = z.object({
  /** The item id: the listing is browsed and rented at /item/{id}. */
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.enum(CATEGORIES),
  gender: z.enum(ITEM_GENDERS),
  sizes: z.array(z.enum(SIZES)),
  description: z.string(),
  retailPriceCents: z.number().int(),
  rentalPriceCents: z.number().int(),
  handover: HandoverSchema,
  /** Who looks after it (decision 0062). */
  lendingMode: LendingModeSchema,
  imageUrl: z.string(),
  photos: z.array(ListingPhotoSchema),
  status: z.enum(LISTING_STATUSES),
  /** Staff review: public only once approved. */
  review: ListingReviewSchema,
  /** The renter's first name while rented. */
  rentedBy: z.string().nullable(),
  /** When it comes back, while rented ('YYYY-MM-DD'). */
  returnDate: z.string().nullable(),
  /** The lender's share of every earning rental of this piece so far: paid and started (docs/product.md, Lending). */
  earningsCents: z.number().int(),
  /** How many earning rentals the piece has had. */
  timesRented: z.number().int(),
  createdAt: z.string(),
});
export type Listing = z.infer<typeof ListingSchema>;

export const ListingListSchema = z.object({
  listings: z.array(ListingSchema),
  /** Everything the member has earned from lending (removed listings included): paid rentals that started. */
  totalEarningsCents: z.number().int(),
  sharePercent: z.number().int(),
});
export type ListingList = z.infer<typeof ListingListSchema>;

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
