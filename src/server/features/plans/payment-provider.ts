import type { BillingAddress, CardBrand } from '../../../domain/card';

/**
 * The seam to a payment provider. The app hands the card to the provider once and keeps only
 * what comes back (a token, the brand, the last four); charges are made against the token.
 * `simulated-payment-provider.ts` is the one used today; a real provider implements the same.
 */
export interface PaymentProvider {
  /** A short name stored with each card ("simulated", "stripe", ...). */
  readonly name: string;
  /** Registers a card and returns a reusable token. Throws PaymentDeclinedError if refused. */
  tokenizeCard(card: CardDetails): Promise<TokenizedCard>;
  /** Charges a tokenized card. `idempotencyKey` makes a retried charge happen once. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Gives back (part of) a charge, e.g. a late fee staff waived after it was charged. */
  refund(req: RefundRequest): Promise<RefundResult>;
}

export interface RefundRequest {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
}

/** What the provider needs to register a card. Never stored or logged by us. */
export interface CardDetails {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
  billingAddress: BillingAddress;
}

export interface TokenizedCard {
  token: string;
  brand: CardBrand;
  lastFour: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

export interface ChargeResult {
  chargeId: string;
}

/** The provider refused the card or the charge (the member should try another card). */
export class PaymentDeclinedError extends Error {
  constructor(message = 'The card was declined.') {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}
