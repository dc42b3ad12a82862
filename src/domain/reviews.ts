import { z } from 'zod';
import { OCCASIONS, SIZES, type Size } from './catalogue.rules';
import {
  FITS,
  HEIGHT_RANGE_CM,
  BODY_RANGE_CM,
  MIN_SIMILAR_REVIEWS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  USUAL_SIZES,
  fitSummaryOf,
  type Fit,
  type FitSummary,
} from './reviews.rules';

/*
 * Reviews, fit details, the fit summary, size advice and the size guide (issue 17, part A;
 * docs/product.md "Reviews and fit"): the schemas, used by the review form and the routes. The
 * constants and plain rules the public item page needs are in reviews.rules.ts, re-exported here.
 */

export * from './reviews.rules';

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number of centimetres` })
    .int({ error: `${what} must be whole centimetres` })
    .min(min, { error: `${what} must be at least ${min} cm` })
    .max(max, { error: `${what} must be at most ${max} cm` });

/** Fit details kept on the member's profile (all optional; advice needs height and usual size). */
export const FitDetailsSchema = z.object({
  heightCm: whole('Height', HEIGHT_RANGE_CM.min, HEIGHT_RANGE_CM.max).nullable(),
  bustCm: whole('Bust', BODY_RANGE_CM.min, BODY_RANGE_CM.max).nullable(),
  waistCm: whole('Waist', BODY_RANGE_CM.min, BODY_RANGE_CM.max).nullable(),
  hipsCm: whole('Hips', BODY_RANGE_CM.min, BODY_RANGE_CM.max).nullable(),
  usualSize: z.enum(USUAL_SIZES, { error: `must be one of ${USUAL_SIZES.join(', ')}` }).nullable(),
});
export type FitDetails = z.infer<typeof FitDetailsSchema>;

export const FitDetailsStateSchema = z.object({ fit: FitDetailsSchema, updatedAt: z.string().nullable() });
export type FitDetailsState = z.infer<typeof FitDetailsStateSchema>;

/** What a member writes about a returned rental (the `data` field of the review form). */
export const ReviewInputSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int({ error: 'Choose a rating from 1 to 5' })
    .min(1, { error: 'Choose a rating from 1 to 5' })
    .max(5, { error: 'Choose a rating from 1 to 5' }),
  fit: z.enum(FITS, { error: 'Choose how it fit' }),
  sizeWorn: z.enum(SIZES, { error: `must be one of ${SIZES.join(', ')}` }),
  occasion: z
    .enum(OCCASIONS, { error: `must be one of ${OCCASIONS.join(', ')}` })
    .nullable()
    .optional(),
  text: z
    .string()
    .trim()
    .min(REVIEW_TEXT_MIN, { error: `Write at least ${REVIEW_TEXT_MIN} characters` })
    .max(REVIEW_TEXT_MAX, { error: `At most ${REVIEW_TEXT_MAX} characters` }),
  /** Her measurements and usual size: kept on her profile as fit details when given. */
  fitDetails: FitDetailsSchema.partial().optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const ReviewPhotoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

export const ReviewSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  /** First name and initial ("Rita R."). */
  author: z.string(),
  rating: z.number().int(),
  fit: z.enum(FITS),
  sizeWorn: z.enum(SIZES),
  occasion: z.enum(OCCASIONS).nullable(),
  text: z.string(),
  heightCm: z.number().int().nullable(),
  usualSize: z.enum(USUAL_SIZES).nullable(),
  photos: z.array(ReviewPhotoSchema),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const FitSummarySchema = z.object({
  /** Real reviews counted (each says how it fit). */
  reviews: z.number().int(),
  counts: z.object({ runs_small: z.number().int(), true_to_size: z.number().int(), runs_large: z.number().int() }),
  /** The answer most reviews gave, with its whole-number share (60 = "60% say true to size"); null without reviews. */
  majority: z.object({ fit: z.enum(FITS), percent: z.number().int() }).nullable(),
}) satisfies z.ZodType<FitSummary>;

export const ItemReviewsQuerySchema = z.object({
  size: z.enum(SIZES, { error: `must be one of ${SIZES.join(', ')}` }).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'must be a review id' })
    .transform(Number)
    .optional(),
});

export const ItemReviewsSchema = z.object({
  itemId: z.number().int(),
  /** What the catalogue shows: seed numbers plus real reviews (docs/product.md "Reviews and fit"). */
  rating: z.number(),
  reviewCount: z.number().int(),
  fitSummary: FitSummarySchema,
  /** Sizes that have reviews, with how many, for the size filter. */
  sizes: z.array(z.object({ size: z.enum(SIZES), reviews: z.number().int() })),
  reviews: z.array(ReviewSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type ItemReviews = z.infer<typeof ItemReviewsSchema>;

export const SizeAdviceSchema = z.discriminatedUnion('status', [
  /** She has not given her height and usual size yet. */
  z.object({ status: z.literal('no_fit_details'), minimum: z.number().int() }),
  z.object({
    status: z.literal('not_enough_data'),
    minimum: z.number().int(),
    similarReviews: z.number().int(),
    heightCm: z.number().int(),
    usualSize: z.enum(USUAL_SIZES),
  }),
  z.object({
    status: z.literal('advice'),
    minimum: z.number().int(),
    similarReviews: z.number().int(),
    heightCm: z.number().int(),
    usualSize: z.enum(USUAL_SIZES),
    /** The size most similar members wore, how many of them, and how it fit them. */
    size: z.enum(SIZES),
    sizeReviews: z.number().int(),
    fit: FitSummarySchema,
    /** Every size similar members wore, most chosen first. */
    sizes: z.array(z.object({ size: z.enum(SIZES), reviews: z.number().int(), fit: FitSummarySchema })),
  }),
]);
export type SizeAdvice = z.infer<typeof SizeAdviceSchema>;

export const ReviewableRentalSchema = z.object({
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  size: z.enum(SIZES),
  sizes: z.array(z.enum(SIZES)),
  startDate: z.string(),
  endDate: z.string(),
  /** Her review of it, once written. */
  reviewId: z.number().int().nullable(),
});
export type ReviewableRental = z.infer<typeof ReviewableRentalSchema>;
export const MyReviewsSchema = z.object({ rentals: z.array(ReviewableRentalSchema), fit: FitDetailsSchema });
export type MyReviews = z.infer<typeof MyReviewsSchema>;

/**
 * Size advice from similar members' reviews (height within SIMILAR_HEIGHT_CM, same usual size):
 * the size most of them wore (ties: the one more found true to size, then the smaller size).
 */
export function sizeAdviceOf(
  me: { heightCm: number; usualSize: (typeof USUAL_SIZES)[number] },
  similar: readonly { sizeWorn: Size; fit: Fit }[],
): SizeAdvice {
  const base = {
    minimum: MIN_SIMILAR_REVIEWS,
    similarReviews: similar.length,
    heightCm: me.heightCm,
    usualSize: me.usualSize,
  };
  if (similar.length < MIN_SIMILAR_REVIEWS) return { status: 'not_enough_data', ...base };
  const bySize = new Map<Size, Fit[]>();
  for (const r of similar) bySize.set(r.sizeWorn, [...(bySize.get(r.sizeWorn) ?? []), r.fit]);
  const sizes = [...bySize.entries()]
    .map(([size, fits]) => ({ size, reviews: fits.length, fit: fitSummaryOf(fits) }))
    .sort(
      (a, b) =>
        b.reviews - a.reviews ||
        b.fit.counts.true_to_size - a.fit.counts.true_to_size ||
        SIZES.indexOf(a.size) - SIZES.indexOf(b.size),
    );
  const top = sizes[0]!;
  return { status: 'advice', ...base, size: top.size, sizeReviews: top.reviews, fit: top.fit, sizes };
}
