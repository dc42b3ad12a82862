import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Returns the piece (POST /api/rentals/{id}/return). */
export function useReturnRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/rentals/{id}/return', { params: { path: { id: String(rentalId) } } })),
    onSettled: () => invalidate(queryClient, invalidationSets.booking),
  });
}
