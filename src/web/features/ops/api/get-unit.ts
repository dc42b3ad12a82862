import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitState } from '@domain/unit-life';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const unitsQueryKey = ['ops', 'units'] as const;

export function getUnitQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...unitsQueryKey, 'one', code],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/units/{code}', { params: { path: { code } }, signal })),
    // A wrong code is shown on the page, not in a toast.
    meta: { errorToast: false },
    retry: false,
    staleTime: 0,
  });
}

/** A unit by its scanned or typed code (RT-000042): its state, rental, next reservation. */
export function useUnit(code: string | null) {
  return useQuery({ ...getUnitQueryOptions(code ?? ''), enabled: !!code });
}

export function getUnitsInStateQueryOptions(state: UnitState) {
  return queryOptions({
    queryKey: [...unitsQueryKey, 'state', state],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/units', { params: { query: { state } }, signal })),
    staleTime: 0,
  });
}

/** The units in one state (cleaning, repair...), longest there first. */
export function useUnitsInState(state: UnitState) {
  return useQuery(getUnitsInStateQueryOptions(state));
}
