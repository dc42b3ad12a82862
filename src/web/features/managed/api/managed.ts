import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/* Managed lending's reads (decision 0062): the terms, her pieces in our care, the desk's board. Her moves and the desk's are <Form>s with route actions (managed-action.ts, the /ops/managed route). */

const managedKey = queryKeys.managed.all;
const termsKey = [...queryKeys.managed.all, 'terms'] as const;

export function getLendingTermsQueryOptions() {
  return queryOptions({
    queryKey: termsKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/managed/terms', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** Her share of each way to lend and the storage term (settings). */
export const useLendingTerms = () => useQuery(getLendingTermsQueryOptions());

export function getCareQueryOptions() {
  return queryOptions({
    queryKey: managedKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/managed', { signal })),
  });
}

/** Her managed pieces with their steps, and her travelling date. */
export const useCare = () => useQuery(getCareQueryOptions());

export function getDeskBoardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ops.managed,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/managed', { signal })),
  });
}

export const useDeskBoard = () => useQuery(getDeskBoardQueryOptions());
