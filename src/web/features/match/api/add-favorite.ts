import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Favorite } from '@domain/match';
import { api } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const addFavorite = (itemId: number) => api<Favorite>(`/api/favorites/${itemId}`, { method: 'PUT' });

/** Adds an item to the favourites directly (Add to Wishlist): no daily view is counted. */
export function useAddFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: () => qc.invalidateQueries({ queryKey: matchKeys.favorites }),
  });
}
