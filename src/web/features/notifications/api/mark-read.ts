import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@domain/notifications';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey, unreadCountQueryKey } from './get-unread-count';

/** Marks one notification read (POST /api/notifications/{id}/read). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<UnreadCount>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(unreadCountQueryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** Marks every notification read (POST /api/notifications/read-all). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCount>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(unreadCountQueryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
