import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimStatus } from '@domain/claims';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const deskClaimsQueryKey = ['ops', 'claims'] as const;

export function getDeskClaimsQueryOptions(status: ClaimStatus) {
  return queryOptions({
    queryKey: [...deskClaimsQueryKey, status],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/claims', { params: { query: { status } }, signal })),
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** Damage claims in one state (open: oldest first). */
export function useDeskClaims(status: ClaimStatus) {
  return useQuery(getDeskClaimsQueryOptions(status));
}
