import type { BillingAddress, CardBrand } from '../../../domain/card';
import type { DeclineCode } from '../../../domain/payments';

/**
 * The seam to a payment provider (decision 0029, which grows 0005). The app hands a card to the
 * provider once and keeps only what comes back (a token, the brand, the last four); every later
 * operation names the token or an earlier operation's id. `simulated-payment-provider.ts` is the
 * provider in use today (a test mode that behaves like a real one); a real provider implements
 * the same interface.
 *
 * Rules every caller follows:
 * - **Never call it inside a database transaction.** A real provider is a network call (seconds);
 *   the simulated one runs its own queries, and SQLite has one connection. Record the intent in
 *   the ledger inside the transaction, call the provider after it commits, apply the outcome in
 *   another (payments.service.ts does the three steps).
 * - **Every operation that moves money carries an idempotency key.** Sent again with the same key
 *   and the same request, it is not done twice: the first answer is given again (a success, or the
 *   same decline). The same key with a different request is refused (`idempotency_key_reused`).
 *   Keys are global to the provider account: make them say what they are for
 *   (`order:RT-7K3M-9P2X:charge`).
 * - **Amounts are whole cents, in US dollars**, at least 1 (50 for authorisations and charges:
 *   providers refuse smaller card payments).
 */
export interface PaymentProvider {
  /** A short name stored with each card and ledger entry ("simulated", "stripe", ...). */
  readonly name: string;

  /** Registers a card and returns a reusable token. Throws PaymentDeclinedError if the card is refused. */
  tokenizeCard(card: CardDetails): Promise<TokenizedCard>;

  /**
   * Reserves `amountCents` on the card without taking it (a hold), for `AUTHORISATION_DAYS`.
   * Capture it (all or less) or void it. Throws PaymentDeclinedError.
   */
  authorise(req: AuthoriseRequest): Promise<Authorisation>;

  /**
   * Takes an authorised amount (or less: the rest is released). Once per authorisation. Throws
   * PaymentRequestError: `amount_too_large`, `authorisation_not_open` (captured, voided or expired),
   * `not_found`.
   */
  capture(req: CaptureRequest): Promise<Charge>;

  /** Releases an authorisation that was not captured. Throws PaymentRequestError (`authorisation_not_open`, `not_found`). */
  void(req: VoidRequest): Promise<void>;

  /** Authorises and captures in one step. Throws PaymentDeclinedError. */
  charge(req: ChargeRequest): Promise<Charge>;

  /**
   * Gives back part or all of a charge. The refunds of a charge never add up to more than it
   * (`amount_too_large`), even when sent at the same moment.
   */
  refund(req: RefundRequest): Promise<Refund>;

  /** Sends money to a member (a lender's earnings) from the marketplace's balance. */
  payout(req: PayoutRequest): Promise<Payout>;

  /**
   * Registers a bank account for payouts and returns a reusable token with the last four digits:
   * the only things we keep (with the holder's name). Throws PaymentDeclinedError if refused.
   */
  tokenizeBankAccount(account: BankAccountDetails): Promise<TokenizedBankAccount>;
}

/** What the provider needs to register a bank account (US: routing and account number). Never stored or logged by us. */
export interface BankAccountDetails {
  holderName: string;
  routingNumber: string;
  accountNumber: string;
}

export interface TokenizedBankAccount {
  token: string;
  lastFour: string;
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

export interface AuthoriseRequest {
  token: string;
  amountCents: number;
  /** What the member's statement shows. */
  description: string;
  idempotencyKey: string;
}

export interface Authorisation {
  id: string;
  amountCents: number;
  /** After this instant (ISO) the hold lapses and can no longer be captured. */
  expiresAt: string;
}

export interface CaptureRequest {
  authorisationId: string;
  /** At most the authorised amount; the authorised amount when left out. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface VoidRequest {
  authorisationId: string;
  idempotencyKey: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

/** Money taken from a card (by charge or capture): refunds name its id. */
export interface Charge {
  id: string;
  amountCents: number;
}

export interface RefundRequest {
  chargeId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  amountCents: number;
}

export interface PayoutRequest {
  /** Who receives it: our member id (a real provider: her connected account). */
  recipientId: string;
  /** The recipient's tokenised bank account, when she gave one. */
  destination?: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

export interface Payout {
  id: string;
  amountCents: number;
}

/** How long an authorisation holds before it lapses (Stripe: 7 days for card payments). */
export const AUTHORISATION_DAYS = 7;
/** The smallest card payment providers take (Stripe: $0.50). */
export const MIN_CARD_PAYMENT_CENTS = 50;

/** The card or its bank refused (the member should use another card). */
export class PaymentDeclinedError extends Error {
  readonly code: DeclineCode;
  constructor(code: DeclineCode = 'card_declined', message = 'The card was declined.') {
    super(message);
    this.name = 'PaymentDeclinedError';
    this.code = code;
  }
}

export const PAYMENT_REQUEST_ERRORS = [
  'idempotency_key_reused',
  'amount_too_large',
  'amount_too_small',
  'authorisation_not_open',
  'not_found',
] as const;
export type PaymentRequestErrorCode = (typeof PAYMENT_REQUEST_ERRORS)[number];

/**
 * The request itself was wrong (a refund above what was charged, a second capture, a reused key):
 * nothing the member can fix; a bug or a race for us to look at.
 */
export class PaymentRequestError extends Error {
  readonly code: PaymentRequestErrorCode;
  constructor(code: PaymentRequestErrorCode, message: string) {
    super(message);
    this.name = 'PaymentRequestError';
    this.code = code;
  }
}
