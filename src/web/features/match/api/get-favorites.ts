import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import type { ErrorToastMeta } from '../../../lib/error-toast';
import { matchKeys } from './keys';

export const getFavorites = (api: Api) => unwrap(api.GET('/api/favorites'));

export const getFavoritesQueryOptions = () =>
  queryOptions({ queryKey: matchKeys.favorites, queryFn: ({ client }) => getFavorites(apiOf(client)) });

/** The member's favorites, newest first. */
export function useFavorites(enabled = true, meta?: { errorToast?: ErrorToastMeta }) {
  return useQuery({ ...getFavoritesQueryOptions(), enabled, ...(meta ? { meta } : {}) });
}
