import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { sessionsQueryKey } from './get-sessions';

/** Signs one other device out (DELETE /api/me/sessions/{sessionId}). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string, { client }) =>
      unwrap(apiOf(client).DELETE('/api/me/sessions/{sessionId}', { params: { path: { sessionId: id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs every other device out (POST /api/me/sessions/sign-out-others). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: void, { client }) => unwrap(apiOf(client).POST('/api/me/sessions/sign-out-others')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
