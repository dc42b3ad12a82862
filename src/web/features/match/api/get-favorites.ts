import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ErrorToastMeta } from '../../../lib/error-toast';
import { matchKeys } from './keys';

export const getFavorites = () => unwrap(api.GET('/api/favorites'));

export const getFavoritesQueryOptions = () => queryOptions({ queryKey: matchKeys.favorites, queryFn: getFavorites });

/** The member's favourites, newest first. */
export function useFavorites(enabled = true, meta?: { errorToast?: ErrorToastMeta }) {
  return useQuery({ ...getFavoritesQueryOptions(), enabled, ...(meta ? { meta } : {}) });
}
