import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { notificationsQueryKey } from './get-unread-count';

export function getNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, 'list'],
    queryFn: ({ client, pageParam, signal }) =>
      unwrap(apiOf(client).GET('/api/notifications', { params: { query: { before: pageParam?.toString() } }, signal })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** The member's notifications, newest first, page by page. */
export function useNotifications() {
  return useInfiniteQuery(getNotificationsQueryOptions());
}
