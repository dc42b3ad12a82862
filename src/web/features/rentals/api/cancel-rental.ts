import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { RENTAL_DEPENDENT_KEYS } from './book-rental';
import { ordersQueryKey } from './get-orders';

/** Cancels a rental that has not started (POST /api/rentals/{id}/cancel): a full refund, the plan's place back. */
export function useCancelRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number, { client }) =>
      unwrap(
        apiOf(client).POST('/api/rentals/{id}/cancel', {
          params: { path: { id: String(rentalId) } },
        }),
      ),
    onSettled: () =>
      Promise.all(
        [...RENTAL_DEPENDENT_KEYS, ordersQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
