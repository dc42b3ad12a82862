import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const claimsQueryKey = queryKeys.claims.all;

export function getClaimsQueryOptions() {
  return queryOptions({
    queryKey: [...claimsQueryKey, 'mine'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/claims', { signal })),
  });
}

export function getClaimableQueryOptions() {
  return queryOptions({
    queryKey: [...claimsQueryKey, 'claimable'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/claims/claimable', { signal })),
    staleTime: 0,
  });
}

/** Damage claims she is a party to. */
export function useClaims() {
  return useQuery(getClaimsQueryOptions());
}

/** Her pieces back within the last 48 hours with no claim yet. */
export function useClaimable() {
  return useQuery(getClaimableQueryOptions());
}
