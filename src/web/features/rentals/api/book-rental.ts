import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookRentalInput } from '@domain/rentals';
import { useNavigate } from 'react-router';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { paths } from '../../../config/paths';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { cardErrorToast } from '../../../lib/card-error-toast';
import type { ErrorToast } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { rentalsQueryKey } from './get-rentals';

/** Every query whose answer a rental changes: rentals, the dashboard figures, listings (earnings). */
export const RENTAL_DEPENDENT_KEYS = [rentalsQueryKey, ['dashboard'], ['listings'], ['items']] as const;

/** The toasts of docs/product.md (Renting) for a refused booking (the size comes from the booking asked for). */
function bookingErrorToast(
  err: Error,
  input: BookRentalInput,
  changePlan: () => void,
  go: (url: string) => void,
): ErrorToast | string | undefined {
  if (!(err instanceof ApiClientError)) return RENTAL_MESSAGES.failed;
  switch (err.code) {
    case 'ALREADY_RENTED':
      return {
        title: RENTAL_MESSAGES.alreadyRented,
        description: RENTAL_MESSAGES.alreadyRentedBody,
      };
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
        action: { label: 'Change plan', onClick: changePlan },
      };
    case 'PAYMENT_DECLINED':
    case 'CARD_REQUIRED':
      // Nothing was booked (decision 0030).
      return cardErrorToast(err, paths.item(input.itemId), go, ' Nothing was booked.');
    case 'ADDRESS_REQUIRED':
    case 'RATE_LIMITED':
    case 'CONFLICT':
    case 'FORBIDDEN':
    case 'VALIDATION_FAILED':
    case 'NOT_FOUND':
      return undefined; // the server's message
    default:
      return RENTAL_MESSAGES.failed;
  }
}

/** Rents a piece (POST /api/rentals); a refusal is shown as the toast of docs/product.md (Renting) by the query client. */
export function useBookRental() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: {
      errorToast: (err, input) =>
        bookingErrorToast(
          err,
          input as BookRentalInput,
          () => void navigate(paths.planSelection),
          (url) => void navigate(url),
        ),
    },
    mutationFn: (input: BookRentalInput, { client }) => unwrap(apiOf(client).POST('/api/rentals', { body: input })),
    // Not awaited: 'Added to Cart!' shows as soon as the booking is made, not after the item page's
    // calendar and quote (which the booking changed) have been fetched again.
    onSettled: () =>
      void Promise.all(RENTAL_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
