import { DomainError } from '../../../domain/errors';
import { declineMessage } from '../../../domain/payments';
import { RENTAL_MESSAGES } from '../../../domain/rentals';

/* The refusals a booking and an extension share (the web maps their codes to its pages). */

export const paymentInProgress = () =>
  new DomainError('CONFLICT', 'A payment for this rental is still in progress. Please try again in a moment.');

// The refusals name the piece; where to add or change the card is the web's (its card page).
export function cardRequired(itemId: number | null): DomainError {
  return new DomainError('CARD_REQUIRED', RENTAL_MESSAGES.cardRequired, { details: itemId ? { itemId } : {} });
}

export function declined(outcome: { code: string }, itemId: number | null): DomainError {
  return new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
    details: { declineCode: outcome.code, ...(itemId ? { itemId } : {}) },
  });
}
