import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Marks a delivered piece received (POST /api/rentals/{id}/received). */
export function useMarkReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/rentals/{id}/received', { params: { path: { id: String(rentalId) } } })),
    onSettled: () => invalidate(queryClient, invalidationSets.booking),
  });
}
