import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookRentalInput } from '@domain/rentals';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Requests a member's piece (POST /api/lending/requests): the dates held, the price authorised. */
export function useRequestToBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookRentalInput, { client }) =>
      unwrap(apiOf(client).POST('/api/lending/requests', { body: input })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lendingQueryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
