import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const payoutsQueryKey = queryKeys.payouts.all;

export function getStatementQueryOptions() {
  return queryOptions({
    queryKey: [...payoutsQueryKey, 'statement'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/payouts/statement', { signal })),
    staleTime: 0,
  });
}

/** Her lending statement: balances, every earning, claim credit and payout, and her payout account. */
export function useStatement() {
  return useQuery(getStatementQueryOptions());
}
