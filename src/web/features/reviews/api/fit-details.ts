import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FitDetails } from '@domain/reviews';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const fitDetailsQueryKey = ['reviews', 'fit-details'] as const;

/** GET /api/reviews/fit-details. */
export function getFitDetailsQueryOptions() {
  return queryOptions({
    queryKey: fitDetailsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/reviews/fit-details', { signal })),
  });
}

export function useFitDetails() {
  return useQuery(getFitDetailsQueryOptions());
}

/** PUT /api/reviews/fit-details; size advice is asked again with the new details. */
export function useSaveFitDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fit: FitDetails, { client }) => unwrap(apiOf(client).PUT('/api/reviews/fit-details', { body: fit })),
    onSuccess: (saved) => queryClient.setQueryData(fitDetailsQueryKey, saved),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.advice }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.mine }),
      ]),
  });
}
