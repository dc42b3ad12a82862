import { z } from 'zod';
import { GIFT_MONTH_HOWS } from './plan-calendar.rules';
import { MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS, monthlyPriceCents } from './plans.rules';

/*
 * Store credit, referrals and gift cards (docs/product.md "Store credit, referrals and gift
 * cards"; decision 0063). Money is integer cents; a balance is the sum of her credit entries.
 */

/** Why credit moved: earned (goodwill, a refund to credit, a referral, a gift card) or spent at checkout and given back. */
export const CREDIT_KINDS = ['goodwill', 'refund', 'referral', 'gift_card', 'spend', 'spend_returned'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** A gift is an amount (store credit) or a month of Monthly (decision 0069). */
export const GIFT_KINDS = ['amount', 'plan_month'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

/** A gift month is of Monthly with the pieces a month she chooses, at that month's price. */
export const giftMonthPriceCents = (itemCount: number): number => monthlyPriceCents(itemCount);

/** The amounts a gift card is sold in. */
export const GIFT_CARD_AMOUNTS_CENTS = [2_500, 5_000, 10_000, 20_000] as const;
/** The most staff grant as goodwill at once. */
export const MAX_GOODWILL_CENTS = 50_000;
/** The referral reward, for her and for her friend (REFERRAL_REWARD_CENTS). */
export const REFERRAL_REWARD_CENTS = 2_500;
/** A friend can join through a link within this many days of her sign-up. */
export const REFERRAL_JOIN_DAYS = 30;
/** A gift card's code: 'GIFT-' and 12 letters or digits (no 0/O, 1/I), read in any case. */
export const GIFT_CODE_PATTERN = /^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/** What she types, trimmed and upper-cased ('gift-abcd-…' is 'GIFT-ABCD-…'). */
export function normaliseGiftCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * An e-mail address with its aliases taken off, to tell one person's two addresses apart from two
 * people: lower case, '+tag' dropped, and dots dropped for gmail.com/googlemail.com.
 */
export function canonicalEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  let l = local.split('+')[0] ?? '';
  const d = domain === 'googlemail.com' ? 'gmail.com' : domain;
  if (d === 'gmail.com') l = l.replace(/\./g, '');
  return `${l}@${d}`;
}

export const CREDIT_MESSAGES = {
  giftUnknown: 'We do not know this gift card code. Please check it and try again.',
  giftRedeemed: 'This gift card has already been redeemed.',
  giftNotReady: 'This gift card is not ready yet: its payment has not gone through.',
  referralOwn: 'This is your own invitation: share it with a friend.',
  referralLate: 'Invitations can be accepted only by new members, within 30 days of joining.',
  referralPaid: 'Invitations are for members who have not rented yet.',
  referralTaken: 'You have already accepted an invitation.',
  referralUnknown: 'We do not know this invitation code.',
} as const;

export const CreditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CREDIT_KINDS),
  /** Positive when earned, negative when spent. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  description: z.string(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

export const CreditStatementSchema = z.object({
  balanceCents: z.number().int(),
  /** Newest first. */
  entries: z.array(CreditEntrySchema),
});
export type CreditStatement = z.infer<typeof CreditStatementSchema>;

export const GoodwillInputSchema = z.object({
  amountCents: z.number().int().min(1).max(MAX_GOODWILL_CENTS),
  reason: z.string().trim().min(3).max(300),
  /** One per form shown: a retried request grants once. */
  idempotencyKey: z.string().min(8).max(100),
});
export type GoodwillInput = z.infer<typeof GoodwillInputSchema>;

export const ReferralSchema = z.object({
  code: z.string(),
  /** The path her friend opens (the site's address is put in front of it on the page). */
  path: z.string(),
  /** The whole link, on the site's address (PUBLIC_URL). */
  url: z.string(),
  rewardCents: z.number().int(),
  invited: z.array(
    z.object({
      /** The friend's first name only. */
      name: z.string(),
      status: z.enum(['pending', 'rewarded', 'refused']),
      createdAt: z.string(),
    }),
  ),
  /** The invitation she accepted, if any. */
  joinedWith: z.object({ status: z.enum(['pending', 'rewarded', 'refused']) }).nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

export const ReferralInviteSchema = z.object({
  code: z.string(),
  /** The inviting member's first name. */
  inviterName: z.string(),
  rewardCents: z.number().int(),
});
export type ReferralInvite = z.infer<typeof ReferralInviteSchema>;

export const AcceptReferralSchema = z.object({ code: z.string().trim().min(3).max(40) });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** Who a gift is for and when it is sent: the same for a gift card and a gift month. */
const GiftForSchema = z.object({
  recipientEmail: z.string().trim().toLowerCase().email().max(200),
  recipientName: z.string().trim().min(1).max(80),
  message: z.string().trim().max(500).default(''),
  /** The business day the e-mail goes out (today or later, within a year); today when left out. */
  sendOn: isoDate.optional(),
  /** One per form shown: a double submit buys once. */
  idempotencyKey: z.string().min(8).max(100),
});

export const GiftCardPurchaseSchema = GiftForSchema.extend({
  amountCents: z
    .number()
    .int()
    .refine((n) => (GIFT_CARD_AMOUNTS_CENTS as readonly number[]).includes(n), 'Choose one of the amounts offered'),
});
export type GiftCardPurchase = z.infer<typeof GiftCardPurchaseSchema>;

/** POST /api/gift-cards/plan-month: a month of Monthly with `itemCount` pieces (decision 0069). */
export const GiftMonthPurchaseSchema = GiftForSchema.extend({
  itemCount: z
    .number({ error: 'Choose the pieces a month' })
    .int()
    .min(MONTHLY_MIN_ITEMS, `Choose ${MONTHLY_MIN_ITEMS} to ${MONTHLY_MAX_ITEMS} pieces a month`)
    .max(MONTHLY_MAX_ITEMS, `Choose ${MONTHLY_MIN_ITEMS} to ${MONTHLY_MAX_ITEMS} pieces a month`),
});
export type GiftMonthPurchase = z.infer<typeof GiftMonthPurchaseSchema>;

export const GiftCardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GIFT_KINDS),
  /** What she paid: the amount, or the gift month's price. */
  amountCents: z.number().int(),
  /** A gift month: Monthly and its pieces a month; null for an amount. */
  planMonth: z.object({ planTitle: z.string(), itemCount: z.number().int() }).nullable(),
  recipientEmail: z.string(),
  recipientName: z.string(),
  sendOn: z.string(),
  status: z.enum(['pending_payment', 'paid', 'failed']),
  sentAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCard = z.infer<typeof GiftCardSchema>;

export const GiftCardListSchema = z.object({ giftCards: z.array(GiftCardSchema) });

export const RedeemGiftCardSchema = z.object({ code: z.string().trim().min(4).max(40).transform(normaliseGiftCode) });

export const RedeemedSchema = z.object({
  kind: z.enum(GIFT_KINDS),
  /** Store credit added (0 for a gift month). */
  creditedCents: z.number().int(),
  balanceCents: z.number().int(),
  /** A gift month: what it did to her plan, and her next billing date after it (decision 0069). */
  planMonth: z
    .object({
      how: z.enum(GIFT_MONTH_HOWS),
      planTitle: z.string(),
      itemCount: z.number().int().nullable(),
      paidThrough: z.string(),
    })
    .nullable(),
});
export type Redeemed = z.infer<typeof RedeemedSchema>;
