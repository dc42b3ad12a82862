import {
  billingPeriodOn,
  isPaidPlan,
  MONTHLY_MAX_ITEMS,
  MONTHLY_MIN_ITEMS,
  PauseReasonSchema,
  planItemAllowance,
  PlanIdSchema,
  planTerms,
  planTitle,
  SubscriptionStatusSchema,
  type PlanAction,
  type PlanId,
  type SavedCard,
  type Subscription,
  type SubscriptionStatus,
} from '../../../domain/plans';
import type { PaymentMethodRow, SubscriptionRow } from './plans.repository';

/*
 * A stored plan row read as the API shows it (decision 0058): the plan, its paid term, a pause,
 * a cancellation, a change waiting for the next billing date, and what she may do now.
 */

export interface ValidRow {
  plan: PlanId;
  status: SubscriptionStatus;
  itemCount: number | null;
}

/** A stored row, checked: an unknown plan or status, or a Monthly count out of range, is not valid. */
export function validate(row: SubscriptionRow): ValidRow | null {
  const plan = PlanIdSchema.safeParse(row.plan);
  const status = SubscriptionStatusSchema.safeParse(row.status);
  if (!plan.success || !status.success) return null;
  if (plan.data === 'monthly') {
    const n = row.item_count;
    if (n === null || !Number.isInteger(n) || n < MONTHLY_MIN_ITEMS || n > MONTHLY_MAX_ITEMS) return null;
  }
  if (plan.data === 'weekly' && status.data !== 'active') return null;
  return { plan: plan.data, status: status.data, itemCount: planItemAllowance(plan.data, row.item_count) };
}

export function toCard(row: PaymentMethodRow): SavedCard {
  return {
    brand: row.brand,
    lastFour: row.last_four,
    cardholderName: row.cardholder_name,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    billingAddress: {
      street: row.billing_street,
      city: row.billing_city,
      state: row.billing_state,
      zipCode: row.billing_zip,
      country: row.billing_country,
    },
    updatedAt: row.updated_at,
  };
}

/** The state of a paid plan's calendar on `today`. */
export type PlanPhase =
  | 'none' // Weekly, or waiting for its first payment
  | 'active' // in a paid term
  | 'renewal_due' // the term ended and its renewal is not paid yet (being charged or retried)
  | 'paused' // her pause or skip, until pause_until
  | 'payment_paused'; // renewals declined: until a card pays

export function phaseOf(row: SubscriptionRow, valid: ValidRow, today: string): PlanPhase {
  if (!isPaidPlan(valid.plan) || valid.status === 'pending_payment' || !row.paid_through) return 'none';
  if (valid.status === 'paused') return row.pause_reason === 'payment' ? 'payment_paused' : 'paused';
  return today < row.paid_through ? 'active' : 'renewal_due';
}

function actionsOf(row: SubscriptionRow, valid: ValidRow, phase: PlanPhase): PlanAction[] {
  switch (phase) {
    case 'active':
      if (row.cancel_at) return ['undoCancel'];
      if (row.pause_from) return ['resume', 'cancel'];
      return valid.plan === 'monthly' ? ['pause', 'skip', 'change', 'cancel'] : ['pause', 'change', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'renewal_due':
    case 'payment_paused':
      return ['cancel'];
    default:
      return [];
  }
}

export function shape(
  row: SubscriptionRow,
  valid: ValidRow,
  card: PaymentMethodRow | undefined,
  today: string,
): Subscription {
  const { plan, status, itemCount } = valid;
  const phase = phaseOf(row, valid, today);
  const active = phase === 'active' && row.term_start !== null;
  const period = active ? billingPeriodOn(row.term_start!, today) : null;
  // The one reading of the price and its billing period (planTerms: "$99.99 for 3 months").
  const terms = planTerms(plan, itemCount);
  const pendingPlan = PlanIdSchema.safeParse(row.pending_plan);
  const reason = PauseReasonSchema.safeParse(row.pause_reason);
  return {
    plan,
    planTitle: planTitle(plan),
    itemCount,
    status,
    priceCents: terms?.priceCents ?? null,
    priceUnit: terms?.unit ?? null,
    billingMonths: terms?.billingMonths ?? null,
    startedAt: row.started_at,
    // The day she is charged next: the end of the term, or of the pause; none once cancelled or unpaid.
    nextBillingDate:
      phase === 'none' || phase === 'payment_paused' || row.cancel_at ? null : (row.paid_through ?? null),
    commitmentEndsOn: active && plan === 'threemonths' ? row.paid_through : null,
    currentPeriod: period
      ? { start: period.start, end: period.end < row.paid_through! ? period.end : row.paid_through! }
      : null,
    autoAssigned: row.auto_assigned === 1,
    card: card ? toCard(card) : null,
    termStart: phase === 'none' ? null : row.term_start,
    paidThrough: phase === 'none' ? null : row.paid_through,
    pause:
      row.pause_from && reason.success ? { from: row.pause_from, until: row.pause_until, reason: reason.data } : null,
    cancelAt: row.cancel_at,
    giftUntil: row.cancel_at && row.gift_until === row.cancel_at ? row.gift_until : null,
    pendingChange:
      pendingPlan.success && row.paid_through
        ? {
            plan: pendingPlan.data,
            planTitle: planTitle(pendingPlan.data),
            itemCount: planItemAllowance(pendingPlan.data, row.pending_item_count),
            appliesOn: row.paid_through,
            priceCents: planTerms(pendingPlan.data, row.pending_item_count)?.priceCents ?? 0,
          }
        : null,
    renewal:
      phase === 'renewal_due' || (phase === 'paused' && row.renewal_attempts > 0)
        ? { attempts: row.renewal_attempts, retryOn: row.retry_on, amountCents: terms?.priceCents ?? 0 }
        : null,
    actions: actionsOf(row, valid, phase),
  };
}
