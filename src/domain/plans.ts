import { z } from 'zod';
import { MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS, PICKUP_OPTIONS, PLAN_IDS, SUBSCRIPTION_STATUSES } from './plans.rules';

/** Plans (docs/product.md, Plans and payment): the API contract. The catalogue of plans and its rules are in plans.rules.ts. */
export * from './plans.rules';

export const PlanIdSchema = z.enum(PLAN_IDS);
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const PickupOptionSchema = z.enum(PICKUP_OPTIONS, { error: 'Choose either online delivery or in-store pickup' });

export const PickupSchema = z.object({ option: PickupOptionSchema });
export type PickupInput = z.infer<typeof PickupSchema>;

export const PickupStateSchema = z.object({
  option: PickupOptionSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type PickupState = z.infer<typeof PickupStateSchema>;

/** PUT /api/subscription: choose a plan (itemCount only matters for Monthly; default 3). */
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
  /** What the plan costs a month, in cents; null for Weekly. */
  priceCents: z.number().int().nullable(),
  /** When the plan was chosen, or (for a paid plan) when its first payment went through. ISO timestamp. */
  startedAt: z.string(),
  /** 'YYYY-MM-DD', or null for Weekly ('Pay as you go') and for a plan waiting for payment. */
  nextBillingDate: z.string().nullable(),
  /** 3 Months: the end of the commitment, 'YYYY-MM-DD'. */
  commitmentEndsOn: z.string().nullable(),
  /** The billing period that contains today, for an active paid plan. */
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
