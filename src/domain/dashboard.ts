import { z } from 'zod';
import type { Gender } from './auth.schema';
import { CatalogueItemSummarySchema, type ItemGender } from './catalogue';

/**
 * The dashboard's figures (docs/product.md, Dashboard): water saved by renting instead of buying, and which items
 * to recommend.
 */

export const WATER_MIN_LITRES = 200;
export const WATER_MAX_LITRES = 2700;

/**
 * The water one rental of an item saves, in litres: a fixed figure per item from 200 to 2700,
 * derived from its id (a multiplicative hash), so it is the same on every render and every visit.
 */
export function litresForItem(itemId: number): number {
  const h = Math.imul(itemId ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  const span = WATER_MAX_LITRES - WATER_MIN_LITRES + 1;
  return WATER_MIN_LITRES + (h % span);
}

/** Water saved by a list of rentals (one entry per rental, by item id). */
export function waterSavedLitres(rentedItemIds: readonly number[]): number {
  return rentedItemIds.reduce((sum, id) => sum + litresForItem(id), 0);
}

export { formatLitres } from './dashboard.rules';

/** Which items to recommend for the member's gender: male -> Men, female -> Women, else all. */
export function recommendationGender(gender: Gender | string | null | undefined): ItemGender | null {
  if (gender === 'male') return 'Men';
  if (gender === 'female') return 'Women';
  return null;
}

export const RECOMMENDATION_COUNT = 3;

export const DashboardSchema = z.object({
  /** The member's name for the welcome line. */
  fullName: z.string(),
  /** Rentals ever made (returned ones included). */
  rentedCount: z.number().int(),
  waterSavedLitres: z.number().int(),
  /** The lender's share of every rental of the member's listings. */
  totalEarningsCents: z.number().int(),
  recommendations: z.array(CatalogueItemSummarySchema),
  /** The external appointment form ('Book Appointment'). */
  bookingFormUrl: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
