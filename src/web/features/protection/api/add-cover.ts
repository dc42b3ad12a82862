import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { getRentalProtectionQueryOptions } from './get-rental-protection';

/**
 * Adds damage cover to her rental (POST /api/protection/rentals/{id}/cover): its fee charged to
 * her card. The row says what happened itself (the same words as the action's), so no toast.
 */
export function useAddCover(rentalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: void, { client }) =>
      unwrap(apiOf(client).POST('/api/protection/rentals/{id}/cover', { params: { path: { id: String(rentalId) } } })),
    meta: { errorToast: false },
    onSuccess: (p) => queryClient.setQueryData(getRentalProtectionQueryOptions(rentalId).queryKey, p),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRentalProtectionQueryOptions(rentalId).queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
