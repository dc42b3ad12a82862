/**
 * The card brands and their names, without zod: the dashboard's plan card and the receipts show
 * them, and need not load the card form's schemas (card.ts re-exports them; see
 * catalogue.rules.ts for why the split).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unknown';

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unknown: 'Card',
};
