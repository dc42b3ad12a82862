import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangePlanInput } from '@domain/plans';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a change of plan or count costs now and the day it applies (GET /api/plans/subscription/change). */
export function getChangeQuoteQueryOptions(input: ChangePlanInput) {
  return queryOptions({
    queryKey: queryKeys.plan.changeQuote(input),
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/plans/subscription/change', {
          params: { query: { plan: input.plan, ...(input.itemCount ? { itemCount: input.itemCount } : {}) } },
          signal,
        }),
      ),
    retry: false,
  });
}

/** The quote of the change she is looking at; off until she has picked one. */
export function useChangeQuote(input: ChangePlanInput | null) {
  return useQuery({ ...getChangeQuoteQueryOptions(input ?? { plan: 'monthly' }), enabled: input !== null });
}
