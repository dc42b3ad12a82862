import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookRentalInput } from '@domain/rentals';
import { useNavigate } from 'react-router';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import type { ErrorToast } from '../../../lib/error-toast';
import { bookingRefusal } from '../lib/booking-refusal';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** The toasts of docs/product.md (Renting) for a refused booking: its wording (bookingRefusal), its action a navigation. */
function bookingErrorToast(err: Error, input: BookRentalInput, go: (url: string) => void): ErrorToast | undefined {
  const r = bookingRefusal(err, input);
  if (!r) return undefined;
  const { title, description, action } = r;
  return { title, description, ...(action ? { action: { label: action.label, onClick: () => go(action.url) } } : {}) };
}

/** Rents a piece (POST /api/rentals); a refusal is shown as the toast of docs/product.md (Renting) by the query client. */
export function useBookRental() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: {
      errorToast: (err, input) => bookingErrorToast(err, input as BookRentalInput, (url) => void navigate(url)),
    },
    mutationFn: (input: BookRentalInput, { client }) => unwrap(apiOf(client).POST('/api/rentals', { body: input })),
    // Not awaited: 'Added to Cart!' shows as soon as the booking is made, not after the item page's
    // calendar and quote (which the booking changed) have been fetched again.
    onSettled: () => void invalidate(queryClient, invalidationSets.booking),
  });
}
