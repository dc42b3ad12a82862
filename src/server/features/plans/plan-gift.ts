import type { Kysely } from 'kysely';
import { addMonths, planTitle, type GiftMonthHow, type PlanId } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { conflict } from './plan-billing.shared';
import { phaseOf, validate } from './plan-view';
import { createPlansRepository, NO_CALENDAR, type SubscriptionRow } from './plans.repository';

/** What a gift month did to her plan (the redemption answers with it). */
export interface GiftMonthApplied {
  how: GiftMonthHow;
  plan: PlanId;
  planTitle: string;
  itemCount: number | null;
  /** Her next billing date after it (for a plan the gift started: the day it ends unless she keeps it). */
  paidThrough: string;
}

/**
 * A gift month redeemed into her plan (decision 0069), in the redemption's transaction, holding her
 * plan row (FOR UPDATE on PostgreSQL; SQLite runs one writing transaction at a time). Nothing is
 * charged:
 * - in a paid term: her next billing date moves a month later (a booked pause and a cancellation
 *   with it), her plan as it is (3 Months: the term, and its commitment, a month longer);
 * - paused (her pause or skip, or for an unpaid renewal) or with a renewal not paid yet: the pause
 *   ends today and a free month of her plan starts today (a renewal still out is refunded by its
 *   settler, which finds the term moved);
 * - no paid plan (Weekly, or a plan never paid): Monthly with the gift's pieces from today for a
 *   month, ending then unless she keeps it (`cancel_at` = `gift_until`).
 */
export function createPlanGifts(ctx: AppContext) {
  const repo = createPlansRepository(ctx.database.db);
  const nowIso = () => ctx.clock().toISOString();

  return {
    /** Her plan row exists (Weekly by default): called before the redemption's transaction. */
    ensure: (userId: string) => repo.insertDefault(userId, nowIso()),

    async apply(trx: Kysely<DB>, userId: string, gift: { itemCount: number }): Promise<GiftMonthApplied> {
      const row = await repo.lockSubscription(trx, userId);
      if (!row) throw new Error(`no plan row for ${userId}: ensure() first`);
      const valid = validate(row);
      const today = ctx.today();
      const now = nowIso();
      const phase = valid ? phaseOf(row, valid, today) : 'none';
      const ended = !!row.cancel_at && row.cancel_at <= today;
      const match = { plan: row.plan, status: row.status, paid_through: row.paid_through, updated_at: row.updated_at };
      let how: GiftMonthHow;
      let after: SubscriptionRow | undefined;
      if (valid && phase === 'active') {
        how = 'extended';
        const paidThrough = addMonths(row.paid_through!, 1);
        after = await repo.updateIf(trx, userId, match, {
          paid_through: paidThrough,
          cancel_at: row.cancel_at ? paidThrough : null,
          gift_until: row.gift_until ? paidThrough : null,
          pause_from: row.pause_from ? paidThrough : null,
          pause_until: row.pause_until ? addMonths(row.pause_until, 1) : null,
          updated_at: now,
        });
      } else if (valid && phase !== 'none' && !ended) {
        how = 'resumed';
        after = await repo.updateIf(trx, userId, match, {
          ...NO_CALENDAR,
          pending_plan: row.pending_plan,
          pending_item_count: row.pending_item_count,
          status: 'active',
          term_start: today,
          paid_through: addMonths(today, 1),
          updated_at: now,
        });
      } else {
        how = 'started';
        const until = addMonths(today, 1);
        after = await repo.updateIf(trx, userId, match, {
          ...NO_CALENDAR,
          plan: 'monthly',
          item_count: gift.itemCount,
          status: 'active',
          auto_assigned: 0,
          started_at: now,
          term_start: today,
          paid_through: until,
          cancel_at: until,
          gift_until: until,
          updated_at: now,
        });
      }
      if (!after) throw conflict('Your plan changed meanwhile. Please try again.');
      const plan = after.plan as PlanId;
      return {
        how,
        plan,
        planTitle: planTitle(plan),
        itemCount: validate(after)?.itemCount ?? null,
        paidThrough: after.paid_through!,
      };
    },
  };
}

export type PlanGifts = ReturnType<typeof createPlanGifts>;
