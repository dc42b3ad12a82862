import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { knownSize } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CalendarRequest {
  itemId: number;
  size: string;
  delivery: PickupOption;
  /** The rental's length in days (which days can start one). */
  days: number;
  /** The window's first day (today when absent). */
  from?: string | undefined;
}

/** GET /api/items/{id}/calendar: which days have a free unit of the size (62 days from `from`). */
export function getCalendarQueryOptions(q: CalendarRequest) {
  return queryOptions({
    queryKey: queryKeys.items.calendar(q),
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/items/{id}/calendar', {
          params: {
            path: { id: String(q.itemId) },
            query: {
              size: knownSize(q.size),
              delivery: q.delivery,
              days: q.days,
              ...(q.from ? { from: q.from } : {}),
            },
          },
          signal,
        }),
      ),
    staleTime: 30_000,
    meta: { errorToast: false },
  });
}

export function useItemCalendar(q: CalendarRequest | null) {
  return useQuery({
    ...getCalendarQueryOptions(q ?? { itemId: 0, size: '', delivery: 'online', days: 7 }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}
