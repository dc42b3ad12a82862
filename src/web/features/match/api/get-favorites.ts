import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteList } from '@domain/match';
import { api } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const getFavorites = () => api<FavoriteList>('/api/favorites');

export const getFavoritesQueryOptions = () => queryOptions({ queryKey: matchKeys.favorites, queryFn: getFavorites });

/** The member's favourites, newest first. */
export function useFavorites(enabled = true) {
  return useQuery({ ...getFavoritesQueryOptions(), enabled });
}
