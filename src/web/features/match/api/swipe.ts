import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deck, SwipeInput } from '@domain/match';
import { MATCH_MESSAGES } from '@domain/match.rules';
import { ApiClientError, unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { matchKeys } from './keys';

export const swipe = (api: Api, input: SwipeInput) => unwrap(api.POST('/api/match/swipes', { body: input }));

/**
 * Likes or skips an item (one request: viewed, counted, and saved to favorites for a like).
 * On success the item leaves every deck and today's count comes from the answer.
 */
export function useSwipe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SwipeInput, { client }) => swipe(apiOf(client), input),
    meta: {
      errorToast: (err) =>
        err instanceof ApiClientError && err.code === 'DAILY_LIMIT_REACHED'
          ? { title: MATCH_MESSAGES.dailyLimitTitle, description: MATCH_MESSAGES.dailyLimit }
          : undefined,
    },
    onSuccess: (result) => {
      qc.setQueryData(matchKeys.daily, result.daily);
      qc.setQueriesData<Deck>({ queryKey: matchKeys.decks }, (deck) =>
        deck ? { ...deck, items: deck.items.filter((e) => e.item.id !== result.itemId) } : deck,
      );
      if (result.action === 'like') void qc.invalidateQueries({ queryKey: matchKeys.favorites });
    },
  });
}
