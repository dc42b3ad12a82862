import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@domain/dashboard';
import { api } from '../../../lib/api-client';

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => api<Dashboard>('/api/dashboard', { signal }),
  });
}

/** The dashboard's figures: name, water saved, earnings, recommendations, appointment form URL. */
export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
