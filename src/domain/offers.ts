import { z } from 'zod';
import { IsoDateSchema } from './catalogue';
import { parseCents } from './money';
import { MAX_AMOUNT_OFF_CENTS, MAX_PERCENT_OFF, PROMO_CODE_PATTERN, PROMO_KINDS, normaliseCode } from './offers.rules';

/*
 * Offers (docs/product.md, "Offers"; decision 0056): the welcome offer and promo codes, as the
 * API and the desk's form read them.
 */

export * from './offers.rules';

/** A code as she or staff type it: trimmed and upper-cased, then checked. */
export const PromoCodeTextSchema = z
  .string({ error: 'Enter a code' })
  .transform(normaliseCode)
  .pipe(
    z.string().regex(PROMO_CODE_PATTERN, { error: 'A code is 3 to 32 letters, digits or dashes (e.g. SPRING-10)' }),
  );

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1,000,000`);

/** POST /api/ops/promo-codes: a new code (staff). */
export const PromoCodeInputSchema = z
  .object({
    code: PromoCodeTextSchema,
    kind: z.enum(PROMO_KINDS, { error: 'Choose a percentage or an amount' }),
    /** For a percentage: 1 to MAX_PERCENT_OFF. */
    percentOff: z
      .number({ error: 'The percentage must be a number' })
      .int('The percentage must be a whole number')
      .min(1, 'The percentage must be at least 1')
      .max(MAX_PERCENT_OFF, `The percentage must be at most ${MAX_PERCENT_OFF}`)
      .nullable()
      .default(null),
    /** For an amount: integer cents. */
    amountOffCents: z
      .number({ error: 'The amount must be a number of cents' })
      .int('The amount must be whole cents')
      .min(1, 'The amount must be at least 1 cent')
      .max(MAX_AMOUNT_OFF_CENTS, `The amount must be at most ${MAX_AMOUNT_OFF_CENTS} cents`)
      .nullable()
      .default(null),
    /** The rental's price (before any discount) must be at least this. */
    minSpendCents: z
      .number({ error: 'The minimum spend must be a number of cents' })
      .int('The minimum spend must be whole cents')
      .min(0, 'The minimum spend cannot be negative')
      .max(10_000_000, 'The minimum spend must be at most 10,000,000 cents')
      .default(0),
    /** Only for a member's first pay-per-item rental. */
    firstRentalOnly: z.boolean().default(false),
    /** First and last day it can be used (business days, inclusive); null: no bound. */
    validFrom: IsoDateSchema.nullable().default(null),
    validUntil: IsoDateSchema.nullable().default(null),
    /** How many bookings may use it in all, and per member; null: no limit. */
    maxUses: count('Total uses').nullable().default(null),
    maxUsesPerMember: count('Uses per member').nullable().default(1),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percentOff === null)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off' });
    if (v.kind === 'amount' && v.amountOffCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Enter the amount off' });
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must be on or after the first day' });
  })
  .transform((v) => ({
    ...v,
    percentOff: v.kind === 'percent' ? v.percentOff : null,
    amountOffCents: v.kind === 'amount' ? v.amountOffCents : null,
  }));
export type PromoCodeInput = z.input<typeof PromoCodeInputSchema>;
export type PromoCodeForm = z.output<typeof PromoCodeInputSchema>;

/** PATCH /api/ops/promo-codes/{id}: switch a code on or off. */
export const PromoCodePatchSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

export const PromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  minSpendCents: z.number().int(),
  firstRentalOnly: z.boolean(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerMember: z.number().int().nullable(),
  /** Bookings that hold a use now (a declined card gives its use back). */
  uses: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

export const PromoCodeListSchema = z.object({ codes: z.array(PromoCodeSchema) });
export type PromoCodeList = z.infer<typeof PromoCodeListSchema>;

/** The saving a quote or an order carries: the welcome offer or a code (never both). */
export const DiscountSchema = z.object({
  /** long_rental: a lender's longer-rental discount on her piece (decision 0067), shown in the quote. */
  kind: z.enum(['welcome', 'code', 'long_rental']),
  /** The code, for a code. */
  code: z.string().nullable(),
  /** In her words: 'Welcome offer: 20% off your first rental', 'Code SPRING-10: 10% off'. */
  label: z.string(),
  cents: z.number().int(),
});
export type Discount = z.infer<typeof DiscountSchema>;

const optionalWhole = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^[1-9][0-9]{0,6}$/.test(v), `${label} must be a whole number (or empty: no limit)`)
    .transform((v) => (v === '' ? null : Number(v)));

const dollars = (label: string, required: boolean) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : parseCents(v)))
    .refine((v) => (v === null ? !required : Number.isFinite(v)), `${label}: enter an amount like 10 or 12.50`);

/**
 * The desk's form for a new code (strings as typed: dollars, counts, dates), turned into
 * PromoCodeInputSchema's body; the server checks that body again.
 */
export const PromoCodeFormSchema = z
  .object({
    code: PromoCodeTextSchema,
    kind: z.enum(PROMO_KINDS),
    percentOff: z.string().trim(),
    amountOff: dollars('Amount off', false),
    minSpend: dollars('Minimum spend', false),
    firstRentalOnly: z.boolean(),
    validFrom: z.string().trim(),
    validUntil: z.string().trim(),
    maxUses: optionalWhole('Total uses'),
    maxUsesPerMember: optionalWhole('Uses per member'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !/^[1-9][0-9]?$/.test(v.percentOff))
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: `Enter a whole percentage, 1 to ${MAX_PERCENT_OFF}`,
      });
    if (v.kind === 'amount' && !v.amountOff)
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'Enter the amount off' });
  })
  .transform((v): PromoCodeInput => ({
    code: v.code,
    kind: v.kind,
    percentOff: v.kind === 'percent' ? Number(v.percentOff) : null,
    amountOffCents: v.kind === 'amount' ? v.amountOff : null,
    minSpendCents: v.minSpend ?? 0,
    firstRentalOnly: v.firstRentalOnly,
    validFrom: v.validFrom || null,
    validUntil: v.validUntil || null,
    maxUses: v.maxUses,
    maxUsesPerMember: v.maxUsesPerMember,
    active: true,
  }));
export type PromoCodeFormValues = z.input<typeof PromoCodeFormSchema>;
