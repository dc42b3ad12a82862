import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntakeInput, RecallInput } from '@domain/managed-lending';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';

/* Managed lending's endpoints (decision 0062): the terms, her pieces in our care, and her moves. */

const managedKey = ['managed'] as const;
const termsKey = ['managed', 'terms'] as const;

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

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: managedKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      invalidate(queryClient, invalidationSets.catalogue),
    ]);
}

const idPath = (id: number) => ({ params: { path: { id: String(id) } } });

export function useBookIntake() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { itemId: number; input: IntakeInput }, { client }) =>
      unwrap(apiOf(client).POST('/api/managed/items/{id}/intake', { ...idPath(v.itemId), body: v.input })),
    onSettled: refresh,
  });
}

export function useRecall() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { itemId: number; input: RecallInput }, { client }) =>
      unwrap(apiOf(client).POST('/api/managed/items/{id}/recall', { ...idPath(v.itemId), body: v.input })),
    onSettled: refresh,
  });
}

export function useSwitchToManaged() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (itemId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/managed/items/{id}/switch', idPath(itemId))),
    onSettled: refresh,
  });
}

export function useSetTravelling() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (until: string | null, { client }) =>
      unwrap(apiOf(client).PUT('/api/managed/travelling', { body: { until } })),
    onSettled: refresh,
  });
}

export function getDeskBoardQueryOptions() {
  return queryOptions({
    queryKey: ['ops', 'managed'] as const,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/managed', { signal })),
  });
}

export const useDeskBoard = () => useQuery(getDeskBoardQueryOptions());

type DeskStep =
  | { kind: 'receive' | 'live'; id: number }
  | { kind: 'check'; id: number; accept: boolean; note: string }
  | { kind: 'send-back'; id: number };

/** One desk step (audited on the server). */
export function useDeskStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: DeskStep, { client }) => {
      const api = apiOf(client);
      const p = idPath(s.id);
      if (s.kind === 'receive') return unwrap(api.POST('/api/ops/managed/intakes/{id}/receive', p));
      if (s.kind === 'live') return unwrap(api.POST('/api/ops/managed/intakes/{id}/live', p));
      if (s.kind === 'check')
        return unwrap(
          api.POST('/api/ops/managed/intakes/{id}/check', { ...p, body: { accept: s.accept, note: s.note } }),
        );
      return unwrap(api.POST('/api/ops/managed/recalls/{id}/send-back', p));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ops', 'managed'] }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
