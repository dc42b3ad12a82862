import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const profileQueryKey = ['me'] as const;

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/me', { signal })),
  });
}

/** The member's profile: name, gender, e-mail and whether it is confirmed (GET /api/me). */
export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
