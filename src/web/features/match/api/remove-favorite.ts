import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteList } from '@domain/match';
import { MATCH_MESSAGES } from '@domain/match.rules';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const removeFavorite = (api: Api, itemId: number) =>
  unwrap(api.DELETE('/api/favorites/{itemId}', { params: { path: { itemId: String(itemId) } } }));

/** Removes an item from the favorites; the list drops it at once on success. */
export function useRemoveFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number, { client }) => removeFavorite(apiOf(client), itemId),
    meta: { errorToast: MATCH_MESSAGES.removeFavoriteFailed },
    onSuccess: (_void, itemId) => {
      qc.setQueryData<FavoriteList>(matchKeys.favorites, (old) =>
        old ? { items: old.items.filter((f) => f.itemId !== itemId) } : old,
      );
      return qc.invalidateQueries({ queryKey: matchKeys.favorites });
    },
  });
}
