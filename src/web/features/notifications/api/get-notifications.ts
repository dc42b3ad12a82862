import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@domain/notifications';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-unread-count';

export function getNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) => api<NotificationPage>('/api/notifications', { query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** The member's notifications, newest first, page by page. */
export function useNotifications() {
  return useInfiniteQuery(getNotificationsQueryOptions());
}
