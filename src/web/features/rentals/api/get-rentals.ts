import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RentalList } from '@domain/rentals';
import { api } from '../../../lib/api-client';

export const rentalsQueryKey = ['rentals'] as const;

export function getRentalsQueryOptions() {
  return queryOptions({
    queryKey: [...rentalsQueryKey, 'open'],
    queryFn: ({ signal }) => api<RentalList>('/api/rentals', { signal, query: { status: 'open' } }),
  });
}

/** The member's open rentals (not returned), soonest return first. Pass enabled=false for visitors. */
export function useRentals(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getRentalsQueryOptions(), enabled: opts.enabled ?? true });
}
