import { createHash } from 'node:crypto';
import { MAX_PAGE_SIZE, type CatalogueItemSummary } from '../../../domain/catalogue';
import {
  RECOMMENDATION_COUNT,
  recommendationGender,
  waterSavedLitres,
  type Dashboard,
} from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import type { AccountService } from '../account';
import type { CatalogueService } from '../catalogue';
import type { ListingsService } from '../listings';
import type { RentalsService } from '../rentals';

/**
 * A stable pseudo-random order for one member on one day: the picks change daily, not per render.
 * Each piece's key is hashed once (hashing inside the comparison hashed 48 pieces about 500 times,
 * a few milliseconds of every dashboard).
 */
function dailyOrder<T extends { id: number }>(items: T[], seed: string): T[] {
  return items
    .map((item) => ({ item, key: createHash('sha256').update(`${seed}:${item.id}`).digest().readUInt32BE(0) }))
    .sort((a, b) => a.key - b.key)
    .map((k) => k.item);
}

/** The dashboard's figures in one call: welcome name, water saved, earnings, recommendations. */
export function createDashboardService(
  ctx: AppContext,
  deps: { account: AccountService; catalogue: CatalogueService; rentals: RentalsService; listings: ListingsService },
) {
  const { catalogue, rentals, listings } = deps;
  const accounts = deps.account;

  return {
    async get(userId: string): Promise<Dashboard> {
      const [profile, rentedIds, mine] = await Promise.all([
        accounts.getProfile(userId),
        rentals.rentedItemIds(userId),
        listings.list(userId),
      ]);
      const gender = recommendationGender(profile.gender);
      const page = await catalogue.listItems({ gender: gender ?? undefined, sort: 'popular', limit: MAX_PAGE_SIZE });
      const exclude = new Set([...rentedIds, ...mine.listings.map((l) => l.id)]);
      const candidates: CatalogueItemSummary[] = page.items.filter((i) => !exclude.has(i.id));
      return {
        fullName: profile.fullName,
        rentedCount: rentedIds.length,
        waterSavedLitres: waterSavedLitres(rentedIds),
        totalEarningsCents: mine.totalEarningsCents,
        recommendations: dailyOrder(candidates, `${userId}:${ctx.today()}`).slice(0, RECOMMENDATION_COUNT),
        bookingFormUrl: ctx.env.bookingFormUrl,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
