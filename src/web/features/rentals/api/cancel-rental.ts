import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

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
    onSettled: () => invalidate(queryClient, invalidationSets.booking),
  });
}
