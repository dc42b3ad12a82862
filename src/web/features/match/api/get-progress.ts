import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const getProgress = (api: Api) => unwrap(api.GET('/api/match/progress'));

export const getProgressQueryOptions = () =>
  queryOptions({ queryKey: matchKeys.progress, queryFn: ({ client }) => getProgress(apiOf(client)), staleTime: 0 });

/** The saved deck index per gender and the gender looked at last. */
export function useProgress(enabled = true) {
  return useQuery({ ...getProgressQueryOptions(), enabled });
}
