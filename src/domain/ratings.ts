import { z } from 'zod';
import { RATING_COMMENT_MAX, RATING_SIDES } from './ratings.rules';

/**
 * Ratings between members after a rental of a member's piece (docs/product.md "Ratings"; decision
 * 0036). Once the piece is back, the renter rates the lender and the lender rates the renter, each
 * once. Double-blind: neither reads the other's rating until both have written or
 * RATING_BLIND_DAYS have passed since the return.
 */

export * from './ratings.rules';

export const RatingInputSchema = z.object({
  rentalId: z.number({ error: 'rentalId must be a rental id' }).int().positive(),
  stars: z
    .number({ error: 'Choose from 1 to 5 stars' })
    .int('Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, `A comment is at most ${RATING_COMMENT_MAX} characters`)
    .optional(),
});
export type RatingInput = z.infer<typeof RatingInputSchema>;

export const RatingSchema = z.object({
  stars: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Rating = z.infer<typeof RatingSchema>;

/** A returned rental as one of its two parties sees its ratings. */
export const RentalRatingsSchema = z.object({
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  /** Which side the viewer is on. */
  side: z.enum(RATING_SIDES),
  /** The other party's first name. */
  otherName: z.string(),
  returnedAt: z.string(),
  /** The viewer's own rating, once written. */
  mine: RatingSchema.nullable(),
  /** The other party's rating of the viewer: null until both have written or the blind period is over. */
  theirs: RatingSchema.nullable(),
  /** True when the other party has written but the viewer cannot read it yet. */
  theirsWaiting: z.boolean(),
  /** When ratings show regardless (the return plus RATING_BLIND_DAYS). */
  revealAt: z.string(),
});
export type RentalRatings = z.infer<typeof RentalRatingsSchema>;

export const RatingListSchema = z.object({ rentals: z.array(RentalRatingsSchema) });
export type RatingList = z.infer<typeof RatingListSchema>;

/** A lender's rating as members see it on her pieces: the average of the visible ratings renters gave her. */
export const LenderRatingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type LenderRating = z.infer<typeof LenderRatingSchema>;
