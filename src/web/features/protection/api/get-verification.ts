import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** Every query of this feature: what a change of her verification invalidates. */
export const protectionQueryKey = ['protection'] as const;

export function getVerificationQueryOptions() {
  return queryOptions({
    queryKey: [...protectionQueryKey, 'verification'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/protection/verification', { signal })),
    staleTime: 0,
  });
}

/** Her identity verification: none, pending, approved (verified), rejected or needs review. */
export function useVerification() {
  return useQuery(getVerificationQueryOptions());
}
