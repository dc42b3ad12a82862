import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const addFavorite = (api: Api, itemId: number) =>
  unwrap(api.PUT('/api/favorites/{itemId}', { params: { path: { itemId: String(itemId) } } }));

/** Adds an item to the favorites directly (Add to Wishlist): no daily view is counted. */
export function useAddFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number, { client }) => addFavorite(apiOf(client), itemId),
    onSuccess: () => qc.invalidateQueries({ queryKey: matchKeys.favorites }),
  });
}
