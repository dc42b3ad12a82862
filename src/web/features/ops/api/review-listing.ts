import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewListing } from '@domain/ops';
import { api } from '../../../lib/api-client';
import { opsQueryKey } from './get-review-queue';

/** Approves a listing (it goes live; the member is notified; audited). */
export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ReviewListing>(`/api/ops/listings/${id}/approve`, { method: 'POST' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: opsQueryKey }), queryClient.invalidateQueries({ queryKey: ['items'] })]),
  });
}

/** Rejects a listing with the reason the member will read (audited, notified). */
export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api<ReviewListing>(`/api/ops/listings/${id}/reject`, { method: 'POST', json: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}
