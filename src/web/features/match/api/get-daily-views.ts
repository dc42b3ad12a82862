import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const getDailyViews = () => unwrap(api.GET('/api/match/daily'));

export const getDailyViewsQueryOptions = () => queryOptions({ queryKey: matchKeys.daily, queryFn: getDailyViews, staleTime: 0 });

/** How many items the member has viewed today (UTC) and how many are left. */
export function useDailyViews(enabled = true) {
  return useQuery({ ...getDailyViewsQueryOptions(), enabled });
}
