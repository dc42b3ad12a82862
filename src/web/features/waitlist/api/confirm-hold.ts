import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { waitlistQueryKey } from './get-waitlist';

/** Every query a confirmed hold changes: the waitlist, rentals, the dashboard figures, availability. */
const DEPENDENT_KEYS = [waitlistQueryKey, ['rentals'], ['dashboard'], ['items'], ['orders']] as const;

/** Confirms a hold (POST /api/waitlist/{id}/confirm): books the held piece, paid like any booking. */
export function useConfirmHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) => unwrap(apiOf(client).POST('/api/waitlist/{id}/confirm', { params: { path: { id: String(id) } }, body: {} })),
    onSettled: () => Promise.all(DEPENDENT_KEYS.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
