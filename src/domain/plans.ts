import { z } from 'zod';
import { MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS, PICKUP_OPTIONS, PLAN_IDS, SUBSCRIPTION_STATUSES } from './plans.rules';

/** Plans (docs/product.md, Plans and payment): the API contract. The catalogue of plans and its rules are in plans.rules.ts. */
export * from './plans.rules';

export const PlanIdSchema = z.enum(PLAN_IDS);
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
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
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PaymentResultSchema = z.object({
  subscription: SubscriptionSchema,
  /** The charge taken now (activating a paid plan), or null when only the card changed. */
  charge: z.object({ amountCents: z.number().int(), plan: PlanIdSchema, createdAt: z.string() }).nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** The dashboard's words for a plan with no billing date. */
export const PAY_AS_YOU_GO = 'Pay as you go';
