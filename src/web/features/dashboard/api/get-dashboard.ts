import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const dashboardQueryKey = queryKeys.dashboard.all;

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/dashboard', { signal })),
  });
}

/** The dashboard's figures: name, water saved, earnings, recommendations, appointment form URL. */
export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
