/**
 * Reviews' constants and plain rules, without zod: what the item page (public) needs for its
 * reviews, fit summary, size advice and size guide. The schemas live in reviews.ts, which
 * re-exports all of this (decisions 0010 and 0039: public pages do not load zod).
 */
import { LETTER_SIZES, type Category } from './catalogue.rules';

export const FITS = ['runs_small', 'true_to_size', 'runs_large'] as const;
export type Fit = (typeof FITS)[number];
export const FIT_LABELS: Record<Fit, string> = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
};

/** A review's photos: the same checks as a listing's (decision 0007), at most this many. */
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** Members "like you": height within this many centimetres and the same usual size. */
export const SIMILAR_HEIGHT_CM = 5;
/** Below this many similar reviews, size advice says there is not enough data yet. */
export const MIN_SIMILAR_REVIEWS = 3;
/** The sizes a member may give as her usual size (letter sizes). */
export const USUAL_SIZES = LETTER_SIZES;
export const HEIGHT_RANGE_CM = { min: 120, max: 220 } as const;
export const BODY_RANGE_CM = { min: 50, max: 200 } as const;
export const REVIEW_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  notReturned: 'You can review a rental once it has been returned.',
  alreadyReviewed: 'You have already reviewed this rental.',
  sizeNotOfItem: 'must be one of the sizes of this piece',
  tooManyPhotos: `At most ${MAX_REVIEW_PHOTOS} photos per review`,
} as const;

/** How a piece fits by its real reviews (FitSummarySchema in reviews.ts checks this shape). */
export interface FitSummary {
  /** Real reviews counted (each says how it fit). */
  reviews: number;
  counts: Record<Fit, number>;
  /** The answer most reviews gave, with its whole-number share (60 = "60% say true to size"); null without reviews. */
  majority: { fit: Fit; percent: number } | null;
}

/** How fits are counted: shares as whole percentages, the majority the largest (ties: true to size first). */
export function fitSummaryOf(fits: readonly Fit[]): FitSummary {
  const counts = { runs_small: 0, true_to_size: 0, runs_large: 0 };
  for (const f of fits) counts[f] += 1;
  const total = fits.length;
  if (total === 0) return { reviews: 0, counts, majority: null };
  const order: Fit[] = ['true_to_size', 'runs_small', 'runs_large'];
  const top = order.reduce((best, f) => (counts[f] > counts[best] ? f : best), order[0]!);
  return { reviews: total, counts, majority: { fit: top, percent: Math.round((counts[top] * 100) / total) } };
}

/** "60% say true to size". */
export function fitHeadline(summary: FitSummary): string | null {
  if (!summary.majority) return null;
  return `${summary.majority.percent}% say ${FIT_LABELS[summary.majority.fit].toLowerCase()}`;
}

/**
 * The catalogue's rating and count: the seed's numbers plus real reviews, the rating their
 * weighted mean rounded to one decimal (docs/product.md "Reviews and fit").
 */
export function combinedRating(
  seed: { rating: number; count: number },
  real: { sum: number; count: number },
): { rating: number; reviewCount: number } {
  const count = seed.count + real.count;
  if (count === 0) return { rating: 0, reviewCount: 0 };
  return { rating: Math.round(((seed.rating * seed.count + real.sum) / count) * 10) / 10, reviewCount: count };
}

/** A size guide: body measurements in centimetres per size, for a category. */
export interface SizeGuide {
  title: string;
  /** Column headings after the size. */
  columns: string[];
  rows: { size: string; values: string[] }[];
  note: string;
}

const CLOTHING: SizeGuide = {
  title: 'Clothing',
  columns: ['Bust (cm)', 'Waist (cm)', 'Hips (cm)', 'US', 'UK'],
  rows: [
    { size: 'XS', values: ['78–82', '60–64', '86–90', '0–2', '4–6'] },
    { size: 'S', values: ['83–87', '65–69', '91–95', '4–6', '8–10'] },
    { size: 'M', values: ['88–92', '70–74', '96–100', '8–10', '12–14'] },
    { size: 'L', values: ['93–99', '75–81', '101–107', '12–14', '16–18'] },
    { size: 'XL', values: ['100–106', '82–88', '108–114', '16–18', '20–22'] },
  ],
  note: 'Measure around the fullest part of the bust and hips and the narrowest part of the waist. Between two sizes, take the larger for a relaxed fit.',
};
const MENS_CLOTHING: SizeGuide = {
  title: 'Clothing',
  columns: ['Chest (cm)', 'Waist (cm)', 'Hips (cm)', 'US / UK'],
  rows: [
    { size: 'S', values: ['88–94', '74–80', '90–96', '36–38'] },
    { size: 'M', values: ['95–101', '81–87', '97–103', '39–41'] },
    { size: 'L', values: ['102–108', '88–94', '104–110', '42–44'] },
    { size: 'XL', values: ['109–115', '95–101', '111–117', '45–47'] },
  ],
  note: 'Measure around the fullest part of the chest and hips and the natural waist.',
};
const PANTS: SizeGuide = {
  title: 'Trousers and skirts',
  columns: ['Waist (cm)', 'Hips (cm)', 'Inside leg (cm)'],
  rows: [
    { size: 'XS', values: ['60–64', '86–90', '78'] },
    { size: 'S', values: ['65–69', '91–95', '79'] },
    { size: 'M', values: ['70–74', '96–100', '80'] },
    { size: 'L', values: ['75–81', '101–107', '81'] },
    { size: 'XL', values: ['82–88', '108–114', '82'] },
  ],
  note: 'Measure the narrowest part of the waist and the fullest part of the hips; inside leg from the crotch to the ankle.',
};
const SHOES: SizeGuide = {
  title: 'Shoes',
  columns: ['Foot length (cm)', 'US women', 'US men', 'UK'],
  rows: [
    { size: '40', values: ['25.0', '9', '7', '6.5'] },
    { size: '42', values: ['26.5', '10.5', '8.5', '8'] },
    { size: '44', values: ['28.0', '12', '10', '9.5'] },
    { size: '46', values: ['29.5', '—', '12', '11'] },
    { size: '48', values: ['31.0', '—', '14', '13'] },
  ],
  note: 'Stand on a sheet of paper and measure from the heel to the longest toe. Between two sizes, take the larger.',
};
const ONE_SIZE_GUIDE: SizeGuide = {
  title: 'Accessories',
  columns: ['Fits'],
  rows: [{ size: 'One Size', values: ['Adjustable or one size for everyone'] }],
  note: 'Bags, scarves and jewellery come in one size; belts and hats are adjustable.',
};

/** The measurement table for a category (and the piece's gender for clothing). */
export function sizeGuideFor(category: Category, gender: 'Women' | 'Men' = 'Women'): SizeGuide {
  if (category === 'Shoes') return SHOES;
  if (category === 'Accessories') return ONE_SIZE_GUIDE;
  if (category === 'Pants' || category === 'Skirts')
    return gender === 'Men' ? { ...PANTS, rows: PANTS.rows.filter((r) => r.size !== 'XS') } : PANTS;
  return gender === 'Men' ? MENS_CLOTHING : CLOTHING;
}
