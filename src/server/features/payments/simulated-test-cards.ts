/**
 * The simulated provider's test cards, and when a card is past its expiry.
 */
import type { DeclineCode } from '../../../domain/payments';

/**
 * The test cards, as a real provider's test mode has them (Stripe's numbers where Stripe has one).
 * Any other number that passes the form's checks is a good card. Documented in decision 0029.
 */
export const SIMULATED_TEST_CARDS = {
  /** Refused when added. */
  declinedAtTokenize: {
    '4000000000000002': 'card_declined',
    '4000000000009995': 'insufficient_funds',
    '4000000000009987': 'lost_card',
    '4000000000009979': 'stolen_card',
    '4000000000000069': 'expired_card',
    '4000000000000127': 'incorrect_cvc',
    '4000000000000119': 'processing_error',
  } satisfies Record<string, DeclineCode>,
  /** Accepted when added (a card on file); every later charge or authorisation is declined. */
  declinedAtCharge: {
    '4000000000000341': 'card_declined',
    '4000000000000358': 'insufficient_funds',
  } satisfies Record<string, DeclineCode>,
  /** Accepted and charged; every refund to it is refused. */
  refundFails: '4000000000005126',
} as const;

/** Kept for callers of the first version (decision 0005): the numbers refused when added. */
export const SIMULATED_DECLINED_NUMBERS = new Set(Object.keys(SIMULATED_TEST_CARDS.declinedAtTokenize));

/** The last instant a card is good: the end of its expiry month (UTC). */
export function cardExpired(month: string, year: string, now: Date): boolean {
  const endOfMonth = Date.UTC(Number(year), Number(month), 1); // the first instant of the next month
  return now.getTime() >= endOfMonth;
}
