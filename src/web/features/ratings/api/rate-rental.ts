import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingInput } from '@domain/ratings';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { ratingsQueryKey } from './get-ratings';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Rates the other side of a returned rental (once). */
export function useRateRental() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: RatingInput, { client }) => unwrap(apiOf(client).POST('/api/ratings', { body: input })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingsQueryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
