import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { knownSize } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export interface QuoteRequest {
  itemId: number;
  size: string;
  startDate: string;
  endDate: string;
  delivery: PickupOption;
  /** A promo code she applied (decision 0056); the quote prices it or says why it cannot apply. */
  code?: string | undefined;
}

/** GET /api/rentals/quote: the total for the chosen dates, and what Add to Cart would answer. */
export function getQuoteQueryOptions(q: QuoteRequest) {
  return queryOptions({
    queryKey: queryKeys.rentals.quote(q),
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/rentals/quote', {
          params: {
            query: {
              itemId: q.itemId,
              size: knownSize(q.size),
              startDate: q.startDate,
              endDate: q.endDate,
              delivery: q.delivery,
              ...(q.code ? { code: q.code } : {}),
            },
          },
          signal,
        }),
      ),
    // Asked again whenever the page shows it: a card or an address added meanwhile changes the answer.
    staleTime: 0,
    // A failed quote is shown in the panel, not as a toast.
    meta: { errorToast: false },
  });
}

/** The quote for a size and dates; off until both are known. Keeps the last total while the next loads. */
export function useQuote(q: QuoteRequest | null) {
  return useQuery({
    ...getQuoteQueryOptions(
      q ?? {
        itemId: 0,
        size: '',
        startDate: '',
        endDate: '',
        delivery: 'online',
      },
    ),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}
