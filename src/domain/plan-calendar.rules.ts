/**
 * A plan that bends (docs/product.md "Plans and payment", decision 0058): pause, skip, change and
 * cancel, and the renewal calendar. Pure rules without zod, shared by the server (which bills by
 * them) and the pages (which show the money and the dates before she confirms).
 */
import { addDays, daysBetween } from './calendar';
import { addMonths, planTerms, planTitle, type PlanId } from './plans.rules';

/** A pause lasts 1 or 2 months, from the next billing date. */
export const PAUSE_MONTHS = [1, 2] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

/** Why a plan is paused: her pause, a skipped month (Monthly), or a renewal declined RENEWAL_ATTEMPTS times. */
export const PAUSE_REASONS = ['pause', 'skip', 'payment'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** A renewal is tried this many times (the billing date, then a day apart) before the plan is paused. */
export const RENEWAL_ATTEMPTS = 3;
export const RENEWAL_RETRY_DAYS = 1;

/** What she may do with her plan now (the API lists them; the pages show those buttons). */
export const PLAN_ACTIONS = ['pause', 'skip', 'resume', 'change', 'cancel', 'undoCancel'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/** The end of a pause of `months` starting on `from`: charging starts again that day. */
export function pauseUntil(from: string, months: PauseMonths): string {
  return addMonths(from, months);
}

/**
 * What an upgrade costs for the rest of the term: the difference of the two prices times the
 * share of the term left ([today, paidThrough) of [termStart, paidThrough)), in whole cents,
 * rounded down (never more than the exact share). 0 when nothing is left or the price does not rise.
 */
export function proRataCents(
  oldPriceCents: number,
  newPriceCents: number,
  today: string,
  termStart: string,
  paidThrough: string,
): number {
  const diff = newPriceCents - oldPriceCents;
  const termDays = daysBetween(termStart, paidThrough);
  const left = Math.min(termDays, Math.max(0, daysBetween(today, paidThrough)));
  if (diff <= 0 || termDays <= 0 || left <= 0) return 0;
  return Math.floor((diff * left) / termDays);
}

/**
 * How a change of plan or item count applies: more pieces on Monthly is an upgrade (now, charged
 * pro rata); fewer pieces, or a switch between Monthly and 3 Months (their terms differ in length;
 * 3 Months is a commitment), apply at the next billing date, when the new price is charged.
 */
export type ChangeTiming = 'now' | 'next_billing';
export function changeTiming(
  from: { plan: PlanId; itemCount: number | null },
  to: { plan: PlanId; itemCount: number | null },
): ChangeTiming {
  if (from.plan === 'monthly' && to.plan === 'monthly' && (to.itemCount ?? 0) > (from.itemCount ?? 0)) return 'now';
  return 'next_billing';
}

/** A change before she confirms it: what it costs now, from when, and the price per term after. */
export interface ChangeQuote {
  plan: PlanId;
  planTitle: string;
  itemCount: number | null;
  timing: ChangeTiming;
  /** The day it applies (today for an upgrade, else the next billing date). */
  appliesOn: string;
  /** Charged now (an upgrade's pro rata share; 0 otherwise). */
  chargeNowCents: number;
  /** The price per term today and after the change. */
  currentPriceCents: number;
  newPriceCents: number;
  /** What the new terms are ('a month', 'for 3 months'). */
  newPriceUnit: string;
}

export function quoteChange(
  from: { plan: PlanId; itemCount: number | null },
  to: { plan: PlanId; itemCount: number | null },
  term: { today: string; termStart: string; paidThrough: string },
): ChangeQuote {
  const current = planTerms(from.plan, from.itemCount)!;
  const next = planTerms(to.plan, to.itemCount)!;
  const timing = changeTiming(from, to);
  return {
    plan: to.plan,
    planTitle: planTitle(to.plan),
    itemCount: to.itemCount,
    timing,
    appliesOn: timing === 'now' ? term.today : term.paidThrough,
    chargeNowCents:
      timing === 'now'
        ? proRataCents(current.priceCents, next.priceCents, term.today, term.termStart, term.paidThrough)
        : 0,
    currentPriceCents: current.priceCents,
    newPriceCents: next.priceCents,
    newPriceUnit: next.unit,
  };
}

/**
 * What a gift month did to her plan when she redeemed it (decision 0069): `extended` (her next
 * billing date a month later), `resumed` (a pause or an unpaid renewal ended: a free month from
 * today), `started` (she had no paid plan: Monthly for a month, ending then unless she keeps it).
 */
export const GIFT_MONTH_HOWS = ['started', 'extended', 'resumed'] as const;
export type GiftMonthHow = (typeof GIFT_MONTH_HOWS)[number];

/** The day after a declined renewal attempt on `day` when it is tried again. */
export function nextRenewalTry(day: string): string {
  return addDays(day, RENEWAL_RETRY_DAYS);
}

/** The words of a plan's state and refusals (the server's messages; the pages show them). */
export const PLAN_MESSAGES = {
  pausedTitle: 'Your plan is paused',
  /** Keeping a plan a gift month started needs a card: it pays from the end of the gift month (decision 0069). */
  giftKeepCard: 'Add a card to keep your plan: it is charged when your gift month ends.',
  paused: (until: string) =>
    `Your plan is paused until ${until}: plan pieces can be booked again from then. Resume your plan from your account to rent now; the pieces you have stay yours.`,
  pausedUnpaid:
    'Your plan is paused because its renewal payment was declined. Update your card on your account to pay and resume it; the pieces you have stay yours.',
  renewalDue: (retryOn: string | null) =>
    `Your plan's renewal payment has not gone through yet${retryOn ? ` (we try again on ${retryOn})` : ''}. Update your card on your account to keep renting with your plan; the pieces you have stay yours.`,
  /** Choosing a plan anew would end a term she paid for: a paid plan changes at its next billing date. */
  termRunning: (title: string, paidThrough: string) =>
    `Your ${title} plan is paid until ${paidThrough}. Change or cancel it from Your plan on your account: a change starts at your next billing date, so the time you paid for is kept.`,
} as const;
