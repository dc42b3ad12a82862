import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const promoCodesQueryKey = ['ops', 'promo-codes'] as const;

/** GET /api/ops/promo-codes: the desk's codes, newest first, with their uses. */
export function getPromoCodesQueryOptions() {
  return queryOptions({
    queryKey: promoCodesQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/promo-codes', { signal })),
    staleTime: 0,
  });
}

export function usePromoCodes() {
  return useQuery(getPromoCodesQueryOptions());
}
