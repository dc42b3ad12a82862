import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { payoutsQueryKey } from './get-statement';

/** Pays out everything available to her bank account. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: void, { client }) => unwrap(apiOf(client).POST('/api/payouts')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}
