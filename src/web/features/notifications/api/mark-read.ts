import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { notificationsQueryKey, unreadCountQueryKey } from './get-unread-count';

/** Marks one notification read (POST /api/notifications/{id}/read). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(apiOf(client).POST('/api/notifications/{id}/read', { params: { path: { id: String(id) } } })),
    onSuccess: (data) => queryClient.setQueryData(unreadCountQueryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** Marks every notification read (POST /api/notifications/read-all). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: void, { client }) => unwrap(apiOf(client).POST('/api/notifications/read-all')),
    meta: { errorToast: 'Could not mark your notifications read.' },
    onSuccess: (data) => queryClient.setQueryData(unreadCountQueryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
