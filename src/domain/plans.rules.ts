/**
 * Plans (docs/product.md, Plans and payment): the catalogue shown on /pricing and /plan-selection, the monthly price rule,
 * and the billing calendar. One source for the server (which charges and enforces allowances)
 * and the pages (which show the price for the chosen count).
 *
 * This file holds the constants and rules without zod (the public /pricing page needs them); the
 * schemas are in plans.ts, which re-exports all of this (see catalogue.rules.ts for why).
 */

/** The plans a member can hold. Custom is sold by the sales team, never chosen in the app. */
export const PLAN_IDS = ['weekly', 'monthly', 'threemonths'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** Whether a value (a form field, a query parameter) names a plan a member can hold. */
export const isPlanId = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);

/** Every plan card on the pricing page, in display order. */
export const CATALOGUE_PLAN_IDS = ['weekly', 'monthly', 'threemonths', 'custom'] as const;
export type CataloguePlanId = (typeof CATALOGUE_PLAN_IDS)[number];

export const MONTHLY_MIN_ITEMS = 3;
export const MONTHLY_MAX_ITEMS = 9;
export const MONTHLY_DEFAULT_ITEMS = 3;
export const MONTHLY_MIN_PRICE_CENTS = 3999;
export const MONTHLY_MAX_PRICE_CENTS = 8999;

/**
 * 3 Months: $99.99 for the three months, billed once per term (decision 0030: of the SPEC's two
 * readings, "per month" and "as a total", the total is the one that makes it the better deal it is
 * meant to be: $33.33 a month for 7 pieces, against $73.32 for 7 on Monthly).
 */
export const THREE_MONTHS_PRICE_CENTS = 9999;
export const THREE_MONTHS_ITEMS = 7;
export const THREE_MONTHS_COMMITMENT_MONTHS = 3;
/** What 3 Months comes to a month ($33.33), for the pricing cards. */
export const THREE_MONTHS_MONTHLY_EQUIVALENT_CENTS = Math.round(
  THREE_MONTHS_PRICE_CENTS / THREE_MONTHS_COMMITMENT_MONTHS,
);

/** Plans that need a card and a charge before they are active. */
export const PAID_PLANS: readonly PlanId[] = ['monthly', 'threemonths'];
export const isPaidPlan = (plan: PlanId): boolean => PAID_PLANS.includes(plan);

export const CUSTOM_PLAN_MAIL_SUBJECT = 'Custom Plan Inquiry';

/**
 * The Monthly plan's price in cents for `items` pieces a month: 39.99 at 3 (or fewer), rising in
 * a straight line to 89.99 at 9, rounded to the nearest cent (4 -> 48.32, 5 -> 56.66, ...).
 * Integer arithmetic, so there is no floating-point drift: (3999*6 + (n-3)*5000) / 6.
 */
export function monthlyPriceCents(items: number): number {
  if (!Number.isInteger(items)) throw new RangeError(`items must be a whole number, got ${items}`);
  if (items > MONTHLY_MAX_ITEMS)
    throw new RangeError(`the Monthly plan has at most ${MONTHLY_MAX_ITEMS} items, got ${items}`);
  const n = Math.max(items, MONTHLY_MIN_ITEMS);
  const span = MONTHLY_MAX_ITEMS - MONTHLY_MIN_ITEMS;
  const numerator =
    MONTHLY_MIN_PRICE_CENTS * span + (n - MONTHLY_MIN_ITEMS) * (MONTHLY_MAX_PRICE_CENTS - MONTHLY_MIN_PRICE_CENTS);
  return Math.round(numerator / span);
}

/** How many months one payment of a plan covers: Monthly 1, 3 Months 3; null for Weekly. */
export function planBillingMonths(plan: PlanId): number | null {
  return planTerms(plan, null)?.billingMonths ?? null;
}

/**
 * The one reading of a paid plan's price (docs/product.md, Plans and payment): what one payment
 * costs, how many months it covers, and the words that go after the amount. Every page that shows
 * a plan's price (/pricing, /plan-selection, /credit-card, the dashboard) and the server's billing
 * (the charge, the next billing date) read it from here, so "$99.99 for 3 months" is said the same
 * way everywhere and billed as said. Null for Weekly (pay per item).
 */
export interface PlanTerms {
  priceCents: number;
  /** Months one payment covers: Monthly 1, 3 Months 3. */
  billingMonths: number;
  /** What follows the amount: 'a month' (Monthly), 'for 3 months' (3 Months). */
  unit: string;
}

export function planTerms(plan: PlanId, itemCount: number | null): PlanTerms | null {
  if (plan === 'monthly')
    return { priceCents: monthlyPriceCents(itemCount ?? MONTHLY_DEFAULT_ITEMS), billingMonths: 1, unit: 'a month' };
  if (plan === 'threemonths')
    return {
      priceCents: THREE_MONTHS_PRICE_CENTS,
      billingMonths: THREE_MONTHS_COMMITMENT_MONTHS,
      unit: `for ${THREE_MONTHS_COMMITMENT_MONTHS} months`,
    };
  return null;
}

/** What a paid plan costs per payment in cents (Monthly: a month; 3 Months: the three months); null for Weekly (pay per item). */
export function planPriceCents(plan: PlanId, itemCount: number | null): number | null {
  return planTerms(plan, itemCount)?.priceCents ?? null;
}

/** How many pieces a plan allows per billing period; null means unlimited (Weekly). */
export function planItemAllowance(plan: PlanId, itemCount: number | null): number | null {
  if (plan === 'monthly') return itemCount ?? MONTHLY_DEFAULT_ITEMS;
  if (plan === 'threemonths') return THREE_MONTHS_ITEMS;
  return null;
}

export interface PlanInfo {
  id: CataloguePlanId;
  title: string;
  /** The price line on the card ("$39.99 – $89.99"); the pages format cents themselves. */
  priceCents: number | null;
  maxPriceCents?: number;
  priceUnit: string;
  description: string;
  features: string[];
  /** Items per month, or a word for plans without a count. */
  itemsPerMonth: string;
  popular: boolean;
  /** The Monthly plan lets the member choose the count. */
  isFlexible: boolean;
  /** Months one payment covers (3 Months: 3); what a month comes to, when it differs from priceCents. */
  billingMonths?: number;
  monthlyEquivalentCents?: number;
}

/** Promises every plan shares (docs/product.md, Plans and payment). */
export const PLAN_PROMISES = [
  'Cancel or change anytime',
  'Wear each piece up to 7 days',
  'Free shipping and returns',
] as const;

export const PLANS: Record<CataloguePlanId, PlanInfo> = {
  weekly: {
    id: 'weekly',
    title: 'Weekly',
    priceCents: null,
    priceUnit: 'Pay per item',
    description: 'No subscription. Rent a piece whenever the occasion calls, and pay only for what you wear.',
    features: ['No subscription fee', 'Pay per item, by the week', 'Unlimited items', ...PLAN_PROMISES],
    itemsPerMonth: 'Unlimited',
    popular: false,
    isFlexible: false,
  },
  monthly: {
    id: 'monthly',
    title: 'Monthly',
    priceCents: MONTHLY_MIN_PRICE_CENTS,
    maxPriceCents: MONTHLY_MAX_PRICE_CENTS,
    priceUnit: planTerms('monthly', null)!.unit,
    description: `Choose ${MONTHLY_MIN_ITEMS} to ${MONTHLY_MAX_ITEMS} pieces a month; the price follows the count.`,
    features: [
      `${MONTHLY_MIN_ITEMS} to ${MONTHLY_MAX_ITEMS} items a month`,
      'Price set by your item count',
      ...PLAN_PROMISES,
    ],
    itemsPerMonth: `${MONTHLY_MIN_ITEMS}–${MONTHLY_MAX_ITEMS}`,
    popular: true,
    isFlexible: true,
  },
  threemonths: {
    id: 'threemonths',
    title: '3 Months',
    priceCents: THREE_MONTHS_PRICE_CENTS,
    priceUnit: planTerms('threemonths', null)!.unit,
    billingMonths: THREE_MONTHS_COMMITMENT_MONTHS,
    monthlyEquivalentCents: THREE_MONTHS_MONTHLY_EQUIVALENT_CENTS,
    description: `${THREE_MONTHS_ITEMS} outfits a month, one for every day of the week: one payment for three months, the best price per piece.`,
    features: [
      `${THREE_MONTHS_ITEMS} outfits (one a day)`,
      `${THREE_MONTHS_COMMITMENT_MONTHS}-month commitment`,
      ...PLAN_PROMISES,
    ],
    itemsPerMonth: String(THREE_MONTHS_ITEMS),
    popular: false,
    isFlexible: false,
  },
  custom: {
    id: 'custom',
    title: 'Custom',
    priceCents: null,
    priceUnit: 'Tailored to you',
    description: 'For teams, productions and wardrobes with special needs. Talk to us and we will build a plan.',
    features: ['Any number of items', 'A dedicated stylist', 'Invoicing for teams', 'Free shipping and returns'],
    itemsPerMonth: 'Any',
    popular: false,
    isFlexible: false,
  },
};

export function planTitle(plan: PlanId): string {
  return PLANS[plan].title;
}

// ---------------------------------------------------------------------------------------------
// The billing calendar. Dates are 'YYYY-MM-DD' text in UTC.

export { isoDate } from './calendar';

/**
 * Adds whole months to a 'YYYY-MM-DD' date, clamping to the last day of a shorter month
 * (Jan 31 + 1 month = Feb 28/29). Always counts from the given date, so period k of a
 * subscription started Jan 31 ends on the 31st again in March.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A billing period [start, end): `end` is the next billing date. */
export interface BillingPeriod {
  start: string;
  end: string;
}

/**
 * The next billing date of a plan started on `startDate` that is paid every `months` months: the
 * first start + k·months after `today` (Monthly: the end of the billing month; 3 Months: the end of the term).
 */
export function nextBillingDateOn(startDate: string, today: string, months: number): string {
  let k = 1;
  while (addMonths(startDate, k * months) <= today) k += 1;
  return addMonths(startDate, k * months);
}

/**
 * A paid plan's next billing date on `today`, for a plan whose first payment went through on
 * `startDate` (a plan being paid for now: `startDate` = `today`): the end of the month (Monthly) or
 * of the term (3 Months), from planTerms. Null for Weekly.
 */
export function planNextBillingDate(plan: PlanId, startDate: string, today: string): string | null {
  const terms = planTerms(plan, null);
  return terms ? nextBillingDateOn(startDate, today, terms.billingMonths) : null;
}

/**
 * The monthly billing period that contains `today` for a plan started on `startDate`
 * (both 'YYYY-MM-DD'). Before the start date, the first period.
 */
export function billingPeriodOn(startDate: string, today: string): BillingPeriod {
  if (today < startDate) return { start: startDate, end: addMonths(startDate, 1) };
  const [sy, sm] = startDate.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  let k = Math.max(0, (ty - sy) * 12 + (tm - sm) - 1);
  while (addMonths(startDate, k + 1) <= today) k += 1;
  return { start: addMonths(startDate, k), end: addMonths(startDate, k + 1) };
}

// ---------------------------------------------------------------------------------------------
/** `paused`: no charge and no plan pieces until the pause ends (decision 0058). */
export const SUBSCRIPTION_STATUSES = ['pending_payment', 'active', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PICKUP_OPTIONS = ['online', 'in-store'] as const;
export type PickupOption = (typeof PICKUP_OPTIONS)[number];

export const PICKUP_LABELS: Record<PickupOption, string> = { online: 'Online Delivery', 'in-store': 'In-Store Pickup' };

/** The dashboard's words for a plan with no billing date. */
export const PAY_AS_YOU_GO = 'Pay as you go';
