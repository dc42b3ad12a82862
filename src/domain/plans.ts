import { z } from 'zod';
import { PAUSE_REASONS, PLAN_ACTIONS } from './plan-calendar.rules';
import { MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS, PICKUP_OPTIONS, PLAN_IDS, SUBSCRIPTION_STATUSES } from './plans.rules';

/** Plans (docs/product.md, Plans and payment): the API contract. The catalogue of plans and its rules are in plans.rules.ts. */
export * from './plans.rules';
export * from './plan-calendar.rules';

export const PlanIdSchema = z.enum(PLAN_IDS);
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const PauseReasonSchema = z.enum(PAUSE_REASONS);
export const PickupOptionSchema = z.enum(PICKUP_OPTIONS, { error: 'Choose either online delivery or in-store pickup' });

/** PUT /api/plans/pickup: the option, and for in-store pickup the studio (GET /api/orders/studios). */
export const PickupSchema = z.object({
  option: PickupOptionSchema,
  studioId: z
    .number({ error: 'studioId must be a number' })
    .int('studioId must be a whole number')
    .positive('studioId must be positive')
    .max(2_147_483_647, 'studioId is too large')
    .optional(),
});
export type PickupInput = z.infer<typeof PickupSchema>;

export const PickupStateSchema = z.object({
  option: PickupOptionSchema.nullable(),
  /** The studio she picks up from (in-store), or null. */
  studioId: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type PickupState = z.infer<typeof PickupStateSchema>;

/** PUT /api/plans/subscription: choose a plan (itemCount only matters for Monthly; default 3). */
export const ChoosePlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Choose weekly, monthly or threemonths' }),
  itemCount: z
    .number({ error: 'Item count must be a number' })
    .int('Item count must be a whole number')
    .min(MONTHLY_MIN_ITEMS, `Item count must be at least ${MONTHLY_MIN_ITEMS}`)
    .max(MONTHLY_MAX_ITEMS, `Item count must be at most ${MONTHLY_MAX_ITEMS}`)
    .optional(),
});
export type ChoosePlanInput = z.infer<typeof ChoosePlanSchema>;

export const SavedCardSchema = z.object({
  brand: z.string(),
  lastFour: z.string(),
  cardholderName: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  billingAddress: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  updatedAt: z.string(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const SubscriptionSchema = z.object({
  plan: PlanIdSchema,
  planTitle: z.string(),
  /** Monthly: the chosen count; 3 Months: 7; Weekly: null (unlimited). */
  itemCount: z.number().int().nullable(),
  status: SubscriptionStatusSchema,
  /** What one payment of the plan costs, in cents (Monthly: a month; 3 Months: the three months); null for Weekly. */
  priceCents: z.number().int().nullable(),
  /** What follows the price, from planTerms: 'a month' (Monthly), 'for 3 months' (3 Months); null for Weekly. */
  priceUnit: z.string().nullable(),
  /** Months one payment covers (Monthly 1, 3 Months 3); null for Weekly. */
  billingMonths: z.number().int().nullable(),
  /** When the plan was chosen, or (for a paid plan) when its first payment went through. ISO timestamp. */
  startedAt: z.string(),
  /** 'YYYY-MM-DD', or null for Weekly ('Pay as you go') and for a plan waiting for payment. */
  nextBillingDate: z.string().nullable(),
  /** 3 Months: the end of the commitment, 'YYYY-MM-DD'. */
  commitmentEndsOn: z.string().nullable(),
  /** The allowance month that contains today, for an active paid plan (3 Months too: 7 pieces a month). */
  currentPeriod: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** True when nobody chose this plan: it is the Weekly default given to every member. */
  autoAssigned: z.boolean(),
  card: SavedCardSchema.nullable(),
  /** The paid term [termStart, paidThrough), 'YYYY-MM-DD' (decision 0058); null without one. */
  termStart: z.string().nullable(),
  paidThrough: z.string().nullable(),
  /** A pause booked from the next billing date, or in force (status paused); `until` null: until a card pays. */
  pause: z.object({ from: z.string(), until: z.string().nullable(), reason: PauseReasonSchema }).nullable(),
  /** Cancelled: the plan ends on this day (Weekly from then) unless she undoes it. */
  cancelAt: z.string().nullable(),
  /** A plan a gift month started (decision 0069): it ends on this day (= cancelAt) unless she keeps it (undoCancel). */
  giftUntil: z.string().nullable(),
  /** A downgrade or switch waiting for the next billing date. */
  pendingChange: z
    .object({
      plan: PlanIdSchema,
      planTitle: z.string(),
      itemCount: z.number().int().nullable(),
      appliesOn: z.string(),
      priceCents: z.number().int(),
    })
    .nullable(),
  /** A renewal declined so far this many times, tried again on retryOn; null when none is overdue. */
  renewal: z
    .object({ attempts: z.number().int(), retryOn: z.string().nullable(), amountCents: z.number().int() })
    .nullable(),
  /** What she may do now (the management section shows these). */
  actions: z.array(z.enum(PLAN_ACTIONS)),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /api/plans/subscription/pause: 1 or 2 months from the next billing date. */
export const PauseSchema = z.object({
  months: z.union([z.literal(1), z.literal(2)], { error: 'A pause is 1 or 2 months' }),
});
export type PauseInput = z.infer<typeof PauseSchema>;

/** GET /api/plans/subscription/change (the quote) and POST (confirm): the plan and count she wants. */
export const ChangePlanSchema = z.object({
  plan: z.enum(['monthly', 'threemonths'], { error: 'Choose monthly or threemonths' }),
  itemCount: z.coerce
    .number({ error: 'Item count must be a number' })
    .int('Item count must be a whole number')
    .min(MONTHLY_MIN_ITEMS, `Item count must be at least ${MONTHLY_MIN_ITEMS}`)
    .max(MONTHLY_MAX_ITEMS, `Item count must be at most ${MONTHLY_MAX_ITEMS}`)
    .optional(),
});
export type ChangePlanInput = z.infer<typeof ChangePlanSchema>;

export const ChangeQuoteSchema = z.object({
  plan: PlanIdSchema,
  planTitle: z.string(),
  itemCount: z.number().int().nullable(),
  timing: z.enum(['now', 'next_billing']),
  appliesOn: z.string(),
  chargeNowCents: z.number().int(),
  currentPriceCents: z.number().int(),
  newPriceCents: z.number().int(),
  newPriceUnit: z.string(),
});

/** What a plan action answers: the plan after it, and the charge it took now (resume, upgrade), if any. */
export const PlanActionResultSchema = z.object({
  subscription: SubscriptionSchema,
  chargedCents: z.number().int(),
});
export type PlanActionResult = z.infer<typeof PlanActionResultSchema>;

export const PaymentResultSchema = z.object({
  subscription: SubscriptionSchema,
  /** The charge taken now (activating a paid plan), or null when only the card changed. */
  charge: z.object({ amountCents: z.number().int(), plan: PlanIdSchema, createdAt: z.string() }).nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
