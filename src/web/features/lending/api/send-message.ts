import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { getThreadQueryOptions } from './get-thread';

/** Writes to the other party (POST /api/lending/threads/{id}/messages). */
export function useSendMessage(rentalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: 'Your message could not be sent. Please try again.' },
    mutationFn: (body: string, { client }) =>
      unwrap(
        apiOf(client).POST('/api/lending/threads/{id}/messages', {
          params: { path: { id: String(rentalId) } },
          body: { body },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getThreadQueryOptions(rentalId).queryKey }),
  });
}
