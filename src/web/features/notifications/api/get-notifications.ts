import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-unread-count';

export function getNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) => unwrap(api.GET('/api/notifications', { params: { query: { before: pageParam?.toString() } }, signal })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** The member's notifications, newest first, page by page. */
export function useNotifications() {
  return useInfiniteQuery(getNotificationsQueryOptions());
}
