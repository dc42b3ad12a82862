import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { protectionQueryKey } from './get-verification';

export function getPieceTermsQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: [...protectionQueryKey, 'terms', itemId],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/protection/items/{id}/terms', { params: { path: { id: String(itemId) } }, signal }),
      ),
    staleTime: 60_000,
  });
}

/** A piece's terms before booking: the lender's policy, its deposit, the cover's fee. */
export function usePieceTerms(itemId: number) {
  return useQuery(getPieceTermsQueryOptions(itemId));
}
