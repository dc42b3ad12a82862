import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemGender } from '@domain/catalogue';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const getDeck = (api: Api, gender: ItemGender) =>
  unwrap(api.GET('/api/match/deck', { params: { query: { gender } } }));

export const getDeckQueryOptions = (gender: ItemGender) =>
  queryOptions({
    queryKey: matchKeys.deck(gender),
    queryFn: ({ client }) => getDeck(apiOf(client), gender),
    staleTime: 60_000,
  });

/** The member's swipe deck for a gender: the items not viewed yet, with their positions. */
export function useDeck(gender: ItemGender, enabled = true) {
  return useQuery({ ...getDeckQueryOptions(gender), enabled });
}
