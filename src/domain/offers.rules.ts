/*
 * Offers (docs/product.md, "Offers"; decision 0056): the welcome offer and promo codes. Values
 * and pure rules only (no zod), so the item page's booking panel and the home page's popup can
 * import them (decision 0028).
 */

/** The welcome offer: a new member's first pay-per-item rental is this much off (WELCOME_OFFER_PERCENT). */
export const WELCOME_OFFER_PERCENT = 20;

/** A promo code: 3 to 32 letters, digits or dashes, read without regard to case ('spring-10' is 'SPRING-10'). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** Codes are stored and compared in capitals: what she types is trimmed and upper-cased. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Bounds of a code's value (integer cents, whole percent). */
export const MAX_PERCENT_OFF = 90;
export const MAX_AMOUNT_OFF_CENTS = 100_000;
/**
 * The least a discounted booking is charged: the provider refuses charges under 50 cents, and a
 * rental is never free (no negative or zero totals).
 */
export const MIN_CHARGE_CENTS = 50;

/** What an offer takes off a price: the percent rounded down to the cent, or the amount; never below MIN_CHARGE_CENTS. */
export function discountCents(
  priceCents: number,
  rule: { kind: PromoKind; percentOff: number | null; amountOffCents: number | null },
): number {
  const raw =
    rule.kind === 'percent' ? Math.floor((priceCents * (rule.percentOff ?? 0)) / 100) : (rule.amountOffCents ?? 0);
  return Math.max(0, Math.min(raw, priceCents - MIN_CHARGE_CENTS));
}

/** The better of two discounts for her (the larger saving; the welcome offer on a tie): never both. */
export function betterOf<T extends { cents: number }>(a: T | null, b: T | null): T | null {
  if (!a) return b;
  if (!b) return a;
  return b.cents > a.cents ? b : a;
}

export const OFFER_MESSAGES = {
  welcomeLabel: `Welcome offer: ${WELCOME_OFFER_PERCENT}% off your first rental`,
  welcomePopup: `${WELCOME_OFFER_PERCENT}% off your first pay-per-item rental`,
  welcomePopupDetail: (percent: number) =>
    'Sign up and your first piece rented by the week (not one included in a plan) is ' +
    `${percent}% off, taken off the total before you book. Once per member; a better promo code replaces it.`,
  unknown: 'We do not know this code. Check the spelling and try again.',
  inactive: 'This code is not active.',
  notYet: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used as many times as it can be.',
  memberLimit: 'You have already used this code as many times as it allows.',
  minimumSpend: (cents: string) => `This code applies to rentals of ${cents} or more.`,
  firstRentalOnly: 'This code is for your first rental only.',
  memberPiece: "Codes apply to Rentique's own pieces; this one is lent by a member.",
  planCovered: 'Codes apply to pieces paid per rental; this one is included in your plan.',
  welcomeTaken:
    'Your welcome offer has just gone to another booking of yours, so this piece is now full price. Nothing was booked: check the total and book again.',
  welcomeBetter: 'Your welcome offer saves more than this code, so we applied the welcome offer instead.',
} as const;
