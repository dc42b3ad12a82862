import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const notificationsQueryKey = queryKeys.notifications.all;
export const unreadCountQueryKey = ['notifications', 'unread-count'] as const;

/** How often the bell asks again while a page is open (and on focus). */
const REFRESH_MS = 60_000;

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/notifications/unread-count', { signal })),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** The member's unread count, for the bell (only while signed in). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled });
}
