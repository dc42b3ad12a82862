import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const getFavorites = () => unwrap(api.GET('/api/favorites'));

export const getFavoritesQueryOptions = () => queryOptions({ queryKey: matchKeys.favorites, queryFn: getFavorites });

/** The member's favourites, newest first. */
export function useFavorites(enabled = true) {
  return useQuery({ ...getFavoritesQueryOptions(), enabled });
}
