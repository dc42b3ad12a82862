import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** A unit's whole history for the desk (GET /api/ops/passport/units/{code}; decision 0059). */
export function getUnitHistoryQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.passport.unit(code),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/passport/units/{code}', { params: { path: { code } }, signal })),
  });
}

export function useUnitHistory(code: string) {
  return useQuery(getUnitHistoryQueryOptions(code));
}
