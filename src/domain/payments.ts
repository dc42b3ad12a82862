import { z } from 'zod';
import { formatCents } from './money';

/**
 * Payments (docs/product.md, "Plans and payment" and "Orders"; decision 0029): what the payment
 * provider can answer, and the words a member reads when it refuses. The ledger's kinds and
 * statuses are shared by the server (which records them) and the pages (receipts).
 */

/**
 * Why a provider refused a card or a payment, as real providers name it (Stripe's decline codes).
 * `card_declined` is the generic refusal: the bank gave no reason.
 */
export const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'lost_card',
  'stolen_card',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** What the member reads, per decline code: the reason and what to do. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined by your bank. Please use another card.',
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  lost_card: 'Your card was declined: it has been reported lost. Please use another card.',
  stolen_card: 'Your card was declined: it has been reported stolen. Please use another card.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: 'The security code (CVV) of your card is incorrect. Please check it or use another card.',
  processing_error: 'Your bank could not process the payment. Please try again in a moment, or use another card.',
};

export function declineMessage(code: string | null | undefined): string {
  return (DECLINE_CODES as readonly string[]).includes(code ?? '')
    ? DECLINE_MESSAGES[code as DeclineCode]
    : DECLINE_MESSAGES.card_declined;
}

/** The operations a provider performs, as the ledger records them. */
export const LEDGER_KINDS = ['authorise', 'capture', 'void', 'charge', 'refund', 'payout'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Why money moved: each purpose has one owner that applies the outcome (the booking is confirmed,
 * the plan activated...). Later issues add theirs (late fees, lending requests, damage claims).
 */
export const PAYMENT_PURPOSES = [
  'booking',
  'extension',
  'cancellation',
  'plan',
  'late_fee',
  'payout',
  'damage_claim',
  'lending_request',
  'problem_report',
  'damage_cover',
  'deposit',
  'damage',
  'purchase',
  'preloved',
  'gift_card',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * A ledger entry's status: `pending` from the moment it is recorded until the provider answered;
 * then `succeeded`, `declined` (the card or bank refused: the member can act on it) or `failed`
 * (the request itself was wrong, e.g. a refund above what was charged: a bug for us to look at).
 */
export const LEDGER_STATUSES = ['pending', 'succeeded', 'declined', 'failed'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/**
 * What a receipt line was for, in the member's words, by purpose and kind (a late fee, its
 * refund when waived, a damage claim charged to her...). Anything else: 'Payment' or 'Refund'.
 */
export function receiptLabel(purpose: string, kind: 'charge' | 'refund'): string {
  const labels: Record<string, [charge: string, refund: string]> = {
    booking: ['Rental', 'Rental refunded'],
    lending_request: ['Rental', 'Rental refunded'],
    extension: ['Extension', 'Extension refunded'],
    cancellation: ['Cancellation', 'Cancellation refund'],
    late_fee: ['Late fee', 'Late fee refunded (waived)'],
    damage_claim: ['Damage claim', 'Damage claim refunded'],
    problem_report: ['Problem report', 'Refund: problem reported'],
    preloved: ['Pre-loved purchase', 'Pre-loved purchase refunded'],
    gift_card: ['Gift card', 'Gift card refunded'],
    damage_cover: ['Damage cover', 'Damage cover refunded'],
    deposit: ['Deposit kept for damage', 'Deposit refunded'],
    damage: ['Damage (per the schedule)', 'Damage charge refunded'],
  };
  const pair = labels[purpose];
  return pair ? pair[kind === 'charge' ? 0 : 1] : kind === 'charge' ? 'Payment' : 'Refund';
}

/** One line of a receipt: a charge or a refund that went through (or is on its way). */
export const ReceiptLineSchema = z.object({
  kind: z.enum(['charge', 'refund']),
  /** Why the money moved (the ledger's purpose: booking, extension, cancellation, late_fee, damage_claim...). */
  purpose: z.string(),
  /** What it was for, in words: 'Late fee', 'Late fee refunded (waived)', 'Damage claim'... (receiptLabel). */
  label: z.string(),
  /** The detail: which piece, how many days late, which claim. */
  description: z.string(),
  amountCents: z.number().int(),
  /** 'succeeded', or 'pending' while the provider has not answered yet. */
  status: z.enum(['succeeded', 'pending']),
  /** The provider's reference (a charge or refund id), for client care. */
  reference: z.string().nullable(),
  at: z.string(),
});
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

/** Cents as US dollars, '$1,234.50' (the e-mails' name for money.ts's formatCents, which the pages use too). */
export const formatUsd = formatCents;
