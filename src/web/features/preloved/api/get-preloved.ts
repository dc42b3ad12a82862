import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** The pieces in the pre-loved sale (GET /api/preloved; decision 0066). */
export function getPreLovedQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.preloved.list,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/preloved', { signal })),
  });
}

export function usePreLoved() {
  return useQuery(getPreLovedQueryOptions());
}

/** A unit's sale and kept-piece state on the desk (GET /api/ops/preloved/units/{code}). */
export function getUnitSaleQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.preloved.unit(code),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/preloved/units/{code}', { params: { path: { code } }, signal })),
  });
}

export function useUnitSale(code: string) {
  return useQuery(getUnitSaleQueryOptions(code));
}

/** The desk's pieces leaving for good (GET /api/ops/preloved/sendoffs). */
export function getSendoffsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.preloved.sendoffs,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/preloved/sendoffs', { signal })),
  });
}

export function useSendoffs() {
  return useQuery(getSendoffsQueryOptions());
}
