import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/dashboard', { signal })),
  });
}

/** The dashboard's figures: name, water saved, earnings, recommendations, appointment form URL. */
export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
