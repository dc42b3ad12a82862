import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { shortlistKeys } from './keys';

export const getShortlists = (api: Api) => unwrap(api.GET('/api/shortlists'));

export const getShortlistsQueryOptions = () =>
  queryOptions({
    queryKey: shortlistKeys.all,
    queryFn: ({ client }) => getShortlists(apiOf(client)),
  });

/** The member's shortlists with their pieces. */
export function useShortlists(enabled = true) {
  return useQuery({ ...getShortlistsQueryOptions(), enabled });
}
