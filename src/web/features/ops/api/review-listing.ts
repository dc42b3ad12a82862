import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { opsQueryKey } from './get-review-queue';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Approves a listing (it goes live; the member is notified; audited). */
export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/listings/{id}/approve', { params: { path: { id: String(id) } } })),
    onSettled: () => invalidate(queryClient, invalidationSets.desk),
  });
}

/** Rejects a listing with the reason the member will read (audited, notified). */
export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    // The reject dialog shows why in its own alert.
    meta: { errorToast: false },
    mutationFn: ({ id, reason }: { id: number; reason: string }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/ops/listings/{id}/reject', { params: { path: { id: String(id) } }, body: { reason } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}
