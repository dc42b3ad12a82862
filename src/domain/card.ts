import { z } from 'zod';
import type { CardBrand } from './card.rules';

/**
 * Card rules (docs/product.md, Plans and payment) plus what a real card form checks: the Luhn digit, the brand, an expiry
 * not in the past. The same schema validates the /credit-card form and PUT /api/plans/payment-method.
 */

export const CARD_NUMBER_MAX_CHARS = 19; // 16 digits grouped in fours: "4242 4242 4242 4242"
export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 16;
export const EXPIRY_YEARS = 20;
export const DEFAULT_COUNTRY = 'US';

/**
 * Card testing (trying stolen numbers one after another) is held back per member: at most this
 * many cards go to the payment provider in a window (a refused form is not counted).
 */
export const CARD_ATTEMPTS_PER_WINDOW = 5;
export const CARD_ATTEMPT_WINDOW_MINUTES = 60;

export const CARD_MESSAGES = {
  required: 'Required',
  cardNumberFormat: 'Card number must be digits only, grouped in fours',
  cardNumberLength: `Card number must have ${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`,
  cardNumberLuhn: 'Card number is not valid (check the digits)',
  expiryMonth: 'Expiry month must be 01 to 12',
  expiryYear: 'Expiry year must be 4 digits',
  expiryYearRange: `Expiry year must be within the next ${EXPIRY_YEARS} years`,
  expired: 'This card has expired',
  cvv: 'CVV must be 3 or 4 digits',
  zipCode: 'ZIP code must be 5 digits',
} as const;

export { CARD_BRAND_LABELS, type CardBrand } from './card.rules';

/** Strips everything but digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The input mask: digits only, at most 16, grouped in fours ("4242 4242 4242 4242"). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn (mod 10) check digit test. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges); works on a partly typed number. */
export function detectCardBrand(value: string): CardBrand {
  const n = digitsOnly(value);
  if (/^4/.test(n)) return 'visa';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^5[1-5]/.test(n)) return 'mastercard';
  const six = Number(n.slice(0, 6).padEnd(6, '0'));
  if (n.length >= 2 && /^2[2-7]/.test(n) && six >= 222100 && six <= 272099) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (n.length >= 6 && six >= 622126 && six <= 622925) return 'discover';
  if (/^35(2[89]|[3-8])/.test(n)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  return 'unknown';
}

/** The last four digits of a card number (what we may keep and show). */
export function lastFourOf(value: string): string {
  return digitsOnly(value).slice(-4);
}

/** The expiry year choices: this year and the next 19 (UTC), as 'YYYY' text. */
export function expiryYears(now: Date): string[] {
  const first = now.getUTCFullYear();
  return Array.from({ length: EXPIRY_YEARS }, (_, i) => String(first + i));
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * Checks the expiry against "now" (UTC): a card is good through the last day of its month, and
 * the year must be one of the offered 20. Returns the problem, or null.
 */
export function expiryProblem(
  month: string,
  year: string,
  now: Date,
): { path: 'expiryMonth' | 'expiryYear'; message: string } | null {
  const y = Number(year);
  const m = Number(month);
  const thisYear = now.getUTCFullYear();
  if (y < thisYear) return { path: 'expiryYear', message: CARD_MESSAGES.expired };
  if (y > thisYear + EXPIRY_YEARS - 1) return { path: 'expiryYear', message: CARD_MESSAGES.expiryYearRange };
  if (y === thisYear && m < now.getUTCMonth() + 1) return { path: 'expiryMonth', message: CARD_MESSAGES.expired };
  return null;
}

const required = (max: number, label: string) =>
  z
    .string({ error: CARD_MESSAGES.required })
    .trim()
    .min(1, CARD_MESSAGES.required)
    .max(max, `${label} is at most ${max} characters`);

export const BillingAddressSchema = z.object({
  street: required(200, 'Street'),
  city: required(100, 'City'),
  state: required(100, 'State'),
  zipCode: z
    .string({ error: CARD_MESSAGES.required })
    .trim()
    .min(1, CARD_MESSAGES.required)
    .regex(/^\d{5}$/, CARD_MESSAGES.zipCode),
  country: z
    .string()
    .trim()
    .min(2, 'Country is required')
    .max(56, 'Country is at most 56 characters')
    .default(DEFAULT_COUNTRY),
});
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/**
 * The payment form (docs/product.md, Plans and payment) without the time-dependent expiry check: structure, digits,
 * grouping, length and Luhn. The route documents and validates with this; `paymentFormSchemaAt`
 * adds the expiry check for a given "now".
 */
export const PaymentFormSchema = z.object({
  cardNumber: z
    .string({ error: CARD_MESSAGES.required })
    .trim()
    .min(1, CARD_MESSAGES.required)
    .max(CARD_NUMBER_MAX_CHARS, `Card number is at most ${CARD_NUMBER_MAX_CHARS} characters`)
    .regex(/^(\d{4} )*\d{1,4}$|^\d+$/, CARD_MESSAGES.cardNumberFormat)
    .refine((v) => {
      const n = digitsOnly(v).length;
      return n >= CARD_NUMBER_MIN_DIGITS && n <= CARD_NUMBER_MAX_DIGITS;
    }, CARD_MESSAGES.cardNumberLength)
    .refine((v) => luhnValid(digitsOnly(v)), CARD_MESSAGES.cardNumberLuhn),
  expiryMonth: z
    .string({ error: CARD_MESSAGES.required })
    .min(1, CARD_MESSAGES.required)
    .regex(/^(0[1-9]|1[0-2])$/, CARD_MESSAGES.expiryMonth),
  expiryYear: z
    .string({ error: CARD_MESSAGES.required })
    .min(1, CARD_MESSAGES.required)
    .regex(/^\d{4}$/, CARD_MESSAGES.expiryYear),
  cvv: z
    .string({ error: CARD_MESSAGES.required })
    .min(1, CARD_MESSAGES.required)
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvv),
  cardholderName: required(100, 'Cardholder name'),
  billingAddress: BillingAddressSchema,
});
export type PaymentFormInput = z.input<typeof PaymentFormSchema>;
export type PaymentForm = z.output<typeof PaymentFormSchema>;

/** The payment form schema with the expiry checked against `now` (the browser's clock, or the server's). */
export function paymentFormSchemaAt(now: Date) {
  return PaymentFormSchema.superRefine((v, ctx) => {
    if (!/^(0[1-9]|1[0-2])$/.test(v.expiryMonth) || !/^\d{4}$/.test(v.expiryYear)) return;
    const problem = expiryProblem(v.expiryMonth, v.expiryYear, now);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
}
