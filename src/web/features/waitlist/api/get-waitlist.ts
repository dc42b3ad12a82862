import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const waitlistQueryKey = ['waitlist'] as const;

export const getWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: waitlistQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/waitlist', { signal })),
  });

/** The member's waitlist: sizes she waits for, and pieces held for her. */
export function useWaitlist(enabled = true) {
  return useQuery({ ...getWaitlistQueryOptions(), enabled });
}
