import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookRentalInput } from '@domain/rentals';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';
import { getPieceTermsQueryOptions } from './get-piece-terms';
import { protectionQueryKey } from './get-verification';

/** Whether Instant Book is offered to her, and why not (decision 0068): the one rule is the API's. */
export function getInstantBookEligibilityQueryOptions() {
  return queryOptions({
    queryKey: [...protectionQueryKey, 'instant-book'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/protection/instant-book', { signal })),
    staleTime: 30_000,
  });
}

export function useInstantBookEligibility(enabled: boolean) {
  return useQuery({ ...getInstantBookEligibilityQueryOptions(), enabled });
}

/** Books a lender's Instant Book piece at once (POST /api/protection/instant-book): accepted, no request. */
export function useInstantBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookRentalInput, { client }) =>
      unwrap(apiOf(client).POST('/api/protection/instant-book', { body: input })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lending.all }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}

/** The lender puts her piece on Instant Book or takes it off (PUT /api/protection/items/{id}/instant-book). */
export function useSetInstantBook(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (instantBook: boolean, { client }) =>
      unwrap(
        apiOf(client).PUT('/api/protection/items/{id}/instant-book', {
          params: { path: { id: String(itemId) } },
          body: { instantBook },
        }),
      ),
    onSuccess: (terms) => queryClient.setQueryData(getPieceTermsQueryOptions(itemId).queryKey, terms),
  });
}
