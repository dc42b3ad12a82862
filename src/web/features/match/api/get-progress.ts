import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const getProgress = () => unwrap(api.GET('/api/match/progress'));

export const getProgressQueryOptions = () => queryOptions({ queryKey: matchKeys.progress, queryFn: getProgress, staleTime: 0 });

/** The saved deck index per gender and the gender looked at last. */
export function useProgress(enabled = true) {
  return useQuery({ ...getProgressQueryOptions(), enabled });
}
