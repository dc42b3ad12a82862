import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const getDailyViews = (api: Api) => unwrap(api.GET('/api/match/daily'));

export const getDailyViewsQueryOptions = () =>
  queryOptions({ queryKey: matchKeys.daily, queryFn: ({ client }) => getDailyViews(apiOf(client)), staleTime: 0 });

/** How many items the member has viewed today (the business day) and how many are left. */
export function useDailyViews(enabled = true) {
  return useQuery({ ...getDailyViewsQueryOptions(), enabled });
}
