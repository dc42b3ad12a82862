// The payments feature's public entry: the payment provider (decision 0029).
export {
  AUTHORISATION_DAYS,
  MIN_CARD_PAYMENT_CENTS,
  PaymentDeclinedError,
  PaymentRequestError,
  type Authorisation,
  type BankAccountDetails,
  type TokenizedBankAccount,
  type CardDetails,
  type Charge,
  type PaymentProvider,
  type Payout,
  type Refund,
  type TokenizedCard,
} from './payment-provider';
export { createSimulatedPaymentProvider } from './simulated-payment-provider';
export { SIMULATED_DECLINED_NUMBERS, SIMULATED_TEST_CARDS } from './simulated-test-cards';
export { isUniqueViolation } from './payments.repository';
export {
  createPaymentsService,
  RECOVER_AFTER_MS,
  type LedgerEntry,
  type PaymentOutcome,
  type PaymentsService,
  type RecordInput,
  type Settler,
} from './payments.service';
