import { DomainError } from '../../../domain/errors';
import { declineMessage } from '../../../domain/payments';
import { RENTAL_MESSAGES } from '../../../domain/rentals';

/* The refusals a booking and an extension share (the web maps their codes to its pages). */

export const paymentInProgress = () =>
  new DomainError('CONFLICT', 'A payment for this rental is still in progress. Please try again in a moment.');

// The refusals name the piece; where to add or change the card is the web's (its card page).
// `creditShort`: she has store credit, but not enough to pay it all without a card (decision 0069).
export function cardRequired(itemId: number | null, creditShort = false): DomainError {
  return new DomainError('CARD_REQUIRED', creditShort ? RENTAL_MESSAGES.creditShort : RENTAL_MESSAGES.cardRequired, {
    details: { ...(itemId ? { itemId } : {}), ...(creditShort ? { reason: 'credit_short' } : {}) },
  });
}

export function declined(outcome: { code: string }, itemId: number | null): DomainError {
  return new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
    details: { declineCode: outcome.code, ...(itemId ? { itemId } : {}) },
  });
}
