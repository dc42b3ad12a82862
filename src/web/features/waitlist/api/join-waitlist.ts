import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistInput } from '@domain/waitlist';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { waitlistQueryKey } from './get-waitlist';

/** 'Join the waitlist' (POST /api/waitlist) for a size sold out for the dates. */
export function useJoinWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistInput, { client }) => unwrap(apiOf(client).POST('/api/waitlist', { body })),
    onSettled: () => qc.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
