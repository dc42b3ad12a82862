import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';

export function getCalendarFeedQueryOptions() {
  return queryOptions({
    queryKey: [...lendingQueryKey, 'feed'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/lending/feed', { signal })),
  });
}

/** Her private calendar feed's address (decision 0067). */
export function useCalendarFeed() {
  return useQuery(getCalendarFeedQueryOptions());
}

/** A new secret address for her feed: the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: 'The address could not be reset. Please try again.' },
    mutationFn: (_: void, { client }) => unwrap(apiOf(client).POST('/api/lending/feed/reset', {})),
    onSuccess: (feed) => queryClient.setQueryData(getCalendarFeedQueryOptions().queryKey, feed),
  });
}
