import type { Kysely } from 'kysely';
import { DomainError } from '../../../domain/errors';
import { addMonths, planTerms, planTitle, type PlanId } from '../../../domain/plans';
import type { DB } from '../../db/schema';
import type { LedgerEntry, PaymentsService } from '../payments';
import { NO_CALENDAR, type PaymentMethodRow, type PlansRepository, type SubscriptionRow } from './plans.repository';

/*
 * What the billing calendar's two halves share (decision 0058): the renewals (plan-renewals.ts)
 * and her actions (plan-billing.ts) record plan charges the same way.
 */

export type Card = { token: string; brand: string; lastFour: string };

/** What a plan's ledger entry carries besides a first activation. */
export type BillingContext =
  | { kind: 'renewal'; plan: PlanId; itemCount: number | null; dueOn: string; chargeDay: string; attempt: number }
  | { kind: 'upgrade'; plan: PlanId; termStart: string; fromItemCount: number; itemCount: number }
  | { kind: 'resume'; plan: PlanId; day: string; before: Partial<SubscriptionRow> };

export const conflict = (message: string) => new DomainError('CONFLICT', message);

/** A saved card as a ledger entry charges it: its provider token, brand and last four (decision 0029). */
export function chargeCard(row: PaymentMethodRow | undefined): Card | null {
  return row ? { token: row.provider_token, brand: row.brand, lastFour: row.last_four } : null;
}

/** Her saved card as a charge takes it, read in the transaction. */
export async function cardOf(repo: PlansRepository, trx: Kysely<DB>, userId: string): Promise<Card | null> {
  return chargeCard(await repo.findCard(userId, trx));
}

/** A plan charge, recorded in the deciding transaction with its key (sent after the commit). */
export function recordPlanCharge(
  payments: PaymentsService,
  trx: Kysely<DB>,
  v: { userId: string; card: Card; amountCents: number; key: string; context: BillingContext },
): Promise<LedgerEntry> {
  return payments.record(trx, {
    userId: v.userId,
    purpose: 'plan',
    kind: 'charge',
    amountCents: v.amountCents,
    description: `Rentique ${planTitle(v.context.plan)} plan`,
    card: v.card,
    idempotencyKey: v.key,
    context: { ...v.context },
  });
}

/** The paid term from `day` for the plan, and what it costs. */
export function termFrom(plan: PlanId, itemCount: number | null, day: string) {
  const terms = planTerms(plan, itemCount)!;
  return { priceCents: terms.priceCents, termStart: day, paidThrough: addMonths(day, terms.billingMonths) };
}

/** Her row as Weekly from `now`, with no calendar: a cancellation that took effect. */
export const weeklyRow = (now: string) => ({
  plan: 'weekly',
  item_count: null,
  status: 'active',
  started_at: now,
  updated_at: now,
  ...NO_CALENDAR,
});
