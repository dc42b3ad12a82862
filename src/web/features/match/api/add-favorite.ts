import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { matchKeys } from './keys';

export const addFavorite = (itemId: number) => unwrap(api.PUT('/api/favorites/{itemId}', { params: { path: { itemId: String(itemId) } } }));

/** Adds an item to the favourites directly (Add to Wishlist): no daily view is counted. */
export function useAddFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: () => qc.invalidateQueries({ queryKey: matchKeys.favorites }),
  });
}
