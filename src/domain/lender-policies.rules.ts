import { dayStart } from './business-day';

/**
 * A lender's policies on her piece beyond its days (docs/product.md "Lender policies", decision
 * 0067): the cancellation policy that decides a renter's refund, the notice a request needs, the
 * days she is away (her blocked dates) and the longer-rental discount. Plain rules without zod:
 * the item page's terms panel (public) reads them; lender-policies.ts adds the refusal rule.
 */

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const LENDER_POLICY_SETTINGS = {
  /** Each policy: until how many hours before the start a cancellation is refunded, and what share. */
  windows: {
    flexible: { hoursBefore: 24, percent: 100 },
    moderate: { hoursBefore: 5 * 24, percent: 100 },
    strict: { hoursBefore: 7 * 24, percent: 50 },
  } satisfies Record<CancellationPolicy, { hoursBefore: number; percent: number }>,
  /** A rental of at least this many days gets the lender's longer-rental discount. */
  longRentalDays: 14,
  /** The most a lender may take off a longer rental. */
  maxLongDiscountPercent: 50,
  /** The most notice a lender may ask, in days. */
  maxNoticeDays: 30,
  /** What a lender pays for cancelling a request she accepted (taken from her next payout). */
  lenderCancelFeeCents: 1_000,
  /** Cancellations by a lender within this many days that pause her listings... */
  pauseWindowDays: 90,
  /** ...when there are this many. */
  pauseAfter: 3,
  /** How long the pause lasts: her pieces come back to the catalogue by themselves after it. */
  pauseDays: 30,
} as const;

const S = LENDER_POLICY_SETTINGS;

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** Each policy in the renter's words (the terms panel, the lender's form, docs/product.md). */
export const CANCELLATION_POLICY_TEXT: Record<CancellationPolicy, string> = {
  flexible: 'A full refund for a cancellation until 24 hours before the start; nothing after.',
  moderate: 'A full refund for a cancellation until 5 days before the start; nothing after.',
  strict: 'Half refunded for a cancellation until 7 days before the start; nothing after.',
};

export interface PolicyRefund {
  policy: CancellationPolicy;
  /** The share of what was paid that comes back (100, 50 or 0). */
  percent: number;
  refundCents: number;
  /** The last instant at which cancelling gives `windowPercent` (ISO). */
  deadline: string;
  /** What cancelling by the deadline gives. */
  windowPercent: number;
}

/**
 * The refund a cancellation gets under the lender's policy, on the app's clock: the piece's start
 * is the first instant of its start day in the business's zone (decision 0047); until
 * `hoursBefore` hours before it (that instant included) the policy's share comes back, after it
 * nothing. Never more than `paidCents` (rounded down).
 */
export function policyRefund(
  policy: CancellationPolicy,
  o: { paidCents: number; startDate: string; now: Date; timeZone: string },
): PolicyRefund {
  const w = S.windows[policy];
  const start = dayStart(o.startDate, o.timeZone).getTime();
  const deadline = new Date(start - w.hoursBefore * 3_600_000);
  const percent = o.now.getTime() <= deadline.getTime() ? w.percent : 0;
  const paid = Math.max(0, Math.floor(o.paidCents));
  return {
    policy,
    percent,
    refundCents: Math.min(paid, Math.floor((paid * percent) / 100)),
    deadline: deadline.toISOString(),
    windowPercent: w.percent,
  };
}

/** One charge's refund at `percent` (each charge of a rental refunded by the same share, never above it). */
export const shareOf = (cents: number, percent: number) =>
  Math.min(cents, Math.max(0, Math.floor((cents * percent) / 100)));

/** The price after the lender's longer-rental discount (none under LONG_RENTAL_DAYS days). */
export function longRentalPrice(priceCents: number, days: number, discountPercent: number): number {
  if (days < S.longRentalDays || discountPercent <= 0) return priceCents;
  const pct = Math.min(S.maxLongDiscountPercent, discountPercent);
  return priceCents - Math.floor((priceCents * pct) / 100);
}

export const LENDER_POLICY_MESSAGES = {
  notice: (days: number, earliest: string) =>
    `This lender needs ${days} ${days === 1 ? 'day' : 'days'}’ notice: the earliest start is ${earliest}.`,
  blocked: (from: string, until: string) => `The lender is away from ${from} until ${until}: choose days outside them.`,
  notAccepted: 'Only an accepted request that has not been sent can be cancelled.',
  alreadyCancelled: 'This rental has already been cancelled.',
  feedNotFound: 'Calendar feed not found',
} as const;

/** Whether a lender's cancellations in the window pause her listings. */
export const pausesListings = (cancellationsInWindow: number) => cancellationsInWindow >= S.pauseAfter;
