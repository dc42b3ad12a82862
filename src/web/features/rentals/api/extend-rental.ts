import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/**
 * Moves the return date 7 days later (POST /api/rentals/{id}/extend), naming the return date she
 * saw: a second click (or another tab) then gets 409 instead of a second charged week.
 */
export function useExtendRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, returnDate }: { rentalId: number; returnDate: string }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/rentals/{id}/extend', {
          params: { path: { id: String(rentalId) } },
          body: { returnDate },
        }),
      ),
    onSettled: () => invalidate(queryClient, invalidationSets.booking),
  });
}
