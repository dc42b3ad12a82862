import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { cardRefusal } from '../../../lib/card-error-toast';
import { ERROR_TITLE, UNEXPECTED_ERROR } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';

/** Why a booking was refused, in the words of docs/product.md (Renting), and what she can do next. */
export interface BookingRefusal {
  title: string;
  description: string;
  action?: { label: string; url: string };
}

/** Add to Cart pressed without a size (the size buttons come first). */
export const CHOOSE_SIZE: BookingRefusal = {
  title: 'Choose a size',
  description: 'Pick your size before adding the piece.',
};

/**
 * The one wording of a refused booking, for the toast once the app runs (book-rental.ts) and for
 * the message the item page's action draws under Add to Cart before it runs (add-to-cart-action.ts).
 * `undefined`: the server's own message (the codes whose message is written for people).
 */
export function bookingRefusal(err: Error, input: { itemId: number; size: string }): BookingRefusal | undefined {
  if (!(err instanceof ApiClientError)) return { title: ERROR_TITLE, description: RENTAL_MESSAGES.failed };
  switch (err.code) {
    case 'ALREADY_RENTED':
      return { title: RENTAL_MESSAGES.alreadyRented, description: RENTAL_MESSAGES.alreadyRentedBody };
    case 'SOLD_OUT': {
      if (err.details.backup === true) return { title: RENTAL_MESSAGES.soldOut, description: err.message };
      const next = typeof err.details.nextFreeDate === 'string' ? err.details.nextFreeDate : null;
      return {
        title: RENTAL_MESSAGES.soldOut,
        description: next
          ? `Size ${input.size} is free again from ${formatDate(next)}.`
          : `Size ${input.size} is not free in the coming year.`,
      };
    }
    case 'ALLOWANCE_EXCEEDED':
      return {
        title: RENTAL_MESSAGES.allowanceTitle,
        description: err.message,
        action: { label: 'Change plan', url: paths.planSelection },
      };
    case 'PLAN_PAUSED':
      return {
        title: 'Your plan is paused',
        description: err.message,
        action: { label: 'Manage your plan', url: `${paths.account}#plan` },
      };
    case 'PAYMENT_DECLINED':
    case 'CARD_REQUIRED': {
      // Nothing was booked (decision 0030).
      const r = cardRefusal(err, paths.item(input.itemId));
      if (!r) return undefined;
      return {
        title: r.title,
        description: err.code === 'PAYMENT_DECLINED' ? `${r.message} Nothing was booked.` : r.message,
        action: r.action,
      };
    }
    case 'ADDRESS_REQUIRED':
      return {
        title: 'Add a delivery address',
        description: `${err.message} Nothing was booked.`,
        action: { label: 'Add an address', url: paths.accountAddresses },
      };
    case 'RATE_LIMITED':
    case 'PROMO_CODE_UNKNOWN':
    case 'PROMO_CODE_EXPIRED':
    case 'PROMO_CODE_USED_UP':
    case 'PROMO_CODE_NOT_ELIGIBLE':
    case 'CONFLICT':
    case 'FORBIDDEN':
    case 'VALIDATION_FAILED':
    case 'NOT_FOUND':
      return undefined; // the server's message
    default:
      return { title: ERROR_TITLE, description: RENTAL_MESSAGES.failed };
  }
}

/** The refusal as shown: its own wording, else the server's message (a 5xx says nothing she can act on). */
export function shownRefusal(err: Error, input: { itemId: number; size: string }): BookingRefusal {
  const own = bookingRefusal(err, input);
  if (own) return own;
  const vague = !(err instanceof ApiClientError) || err.status >= 500 || err.code === 'INTERNAL';
  return { title: ERROR_TITLE, description: vague ? UNEXPECTED_ERROR : err.message };
}
