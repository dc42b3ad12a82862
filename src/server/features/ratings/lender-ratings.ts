import type { LenderRating } from '../../../domain/ratings';
import type { AppContext } from '../../context';
import { createRatingsRepository } from './ratings.repository';

/**
 * Each lender's rating as members see it (visible ratings from her renters), by lender id: what
 * the catalogue shows beside a member's piece. Built in services.ts before the catalogue, apart
 * from the ratings service (which takes the bookings core, built after the catalogue).
 */
export function createLenderRatings(ctx: AppContext) {
  const repo = createRatingsRepository(ctx.database.db);
  return async function lenderRatings(lenderIds: string[]): Promise<Map<string, LenderRating>> {
    const rows = await repo.lenderTotals([...new Set(lenderIds)], ctx.clock().toISOString());
    return new Map(
      rows.map((r) => [
        r.subject_id,
        { count: Number(r.n), average: Math.round((Number(r.total) / Number(r.n)) * 10) / 10 },
      ]),
    );
  };
}
