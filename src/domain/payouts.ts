import { z } from 'zod';
import { LENDER_SHARE_PERCENT } from './listings';
import { centsAsDecimal } from './money';

/**
 * Payouts and the lender's statement (docs/product.md "Payouts"; decision 0036). A rental of her
 * piece earns her LENDER_SHARE_PERCENT of its price; the platform keeps the commission. The
 * earning becomes available EARNINGS_CLEAR_DAYS after the piece is returned, unless a damage
 * claim on it is open. She asks for a payout of everything available to her bank account.
 */

/** The platform's commission on each rental of a member's piece, in percent. */
export const PLATFORM_COMMISSION_PERCENT = 100 - LENDER_SHARE_PERCENT;
/** Days after the return before an earning can be paid out. */
export const EARNINGS_CLEAR_DAYS = 2;

/** The commission, as the listing form and the statement say it. */
export const COMMISSION_TEXT = `Rentique keeps a ${PLATFORM_COMMISSION_PERCENT}% commission on each rental (cleaning, delivery and care); you earn ${LENDER_SHARE_PERCENT}%.`;

export const PayoutAccountInputSchema = z.object({
  holderName: z
    .string({ error: 'Enter the account holder’s name' })
    .trim()
    .min(2, 'Enter the account holder’s name')
    .max(80, 'The name is at most 80 characters'),
  routingNumber: z
    .string({ error: 'Enter the 9-digit routing number' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{9}$/.test(v), 'Enter the 9-digit routing number'),
  accountNumber: z
    .string({ error: 'Enter the account number' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{4,17}$/.test(v), 'The account number is 4 to 17 digits'),
});
export type PayoutAccountInput = z.input<typeof PayoutAccountInputSchema>;

/** The bank account as it is shown back: the holder's name and the last four digits, never more. */
export const PayoutAccountSchema = z.object({
  holderName: z.string(),
  lastFour: z.string(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const PayoutAccountStateSchema = z.object({ account: PayoutAccountSchema.nullable() });

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PayoutSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** Where it went: 'Jane Doe ···· 6789'. */
  holderName: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

/** Where an earning stands. */
export const EARNING_STATUSES = ['pending', 'held', 'reported', 'available', 'paying', 'paid'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];
export const EARNING_STATUS_LABELS: Record<EarningStatus, string> = {
  pending: 'Clearing',
  held: 'Held: claim open',
  reported: 'Held: problem report open',
  available: 'Available',
  paying: 'Being paid',
  paid: 'Paid out',
};

/** One line of the statement: a rental's earning (its price, the commission, her share), an upheld claim's credit, or a payout. */
export const StatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(['earning', 'claim', 'report', 'damage', 'fee', 'payout']),
  description: z.string(),
  /** The rental's price (earnings) or the claim's amount; the payout's amount. */
  grossCents: z.number().int(),
  /** The platform's commission (earnings; 0 otherwise). */
  feeCents: z.number().int(),
  /** What it adds to (earnings, claims) or takes from (payouts, negative) her balance. */
  netCents: z.number().int(),
  status: z.string(),
  /** When an earning becomes available (the return plus EARNINGS_CLEAR_DAYS), or null. */
  availableFrom: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementSchema = z.object({
  commissionPercent: z.number().int(),
  sharePercent: z.number().int(),
  availableCents: z.number().int(),
  /** Earned but not yet available (clearing, or held by an open claim). */
  pendingCents: z.number().int(),
  paidOutCents: z.number().int(),
  account: PayoutAccountSchema.nullable(),
  lines: z.array(StatementLineSchema),
  payouts: z.array(PayoutSchema),
});
export type Statement = z.infer<typeof StatementSchema>;

export const PAYOUT_MESSAGES = {
  accountSaved: 'Payout account saved',
  accountRequired: 'Add the bank account your payouts go to first',
  nothingAvailable: 'There is nothing available to pay out yet',
  requested: 'Payout on its way',
  failed: 'The payout could not be made: the money is available again',
  concurrent: 'A payout has just been requested: nothing more is available',
} as const;

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), quotes doubled; a text starting with = + - @ (not a number) is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cents as a plain decimal for a CSV ('-12.50'). */
export const csvMoney = centsAsDecimal;
