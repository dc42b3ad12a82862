import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { waitlistQueryKey } from './get-waitlist';

/** Leaves the waitlist (DELETE /api/waitlist/{id}); a piece held for her goes to the next member. */
export function useLeaveWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(apiOf(client).DELETE('/api/waitlist/{id}', { params: { path: { id: String(id) } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
