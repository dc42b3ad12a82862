import { z } from 'zod';
import { CATEGORIES, ITEM_GENDERS, SIZES } from './catalogue';
import {
  HANDOVERS,
  LISTING_STATUSES,
  MAX_RETAIL_CENTS,
  MIN_RETAIL_CENTS,
  REVIEW_STATUSES,
  rentalPriceProblems,
} from './listings.rules';
import { LendingModeSchema } from './managed-lending';
import { formatCount } from './money';

/** The listing schemas (forms and API); the rules, limits and words are listings.rules.ts's. */
export * from './listings.rules';

export const HandoverSchema = z.enum(HANDOVERS, { error: 'Choose in-store drop-off or pickup' });

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

export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

export const ListingReviewSchema = z.object({
  status: ReviewStatusSchema,
  /** Why staff rejected it (while rejected). */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** When it last went to review. */
  submittedAt: z.string(),
});
export type ListingReview = z.infer<typeof ListingReviewSchema>;

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
