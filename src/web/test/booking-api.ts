import { ApiStub } from './api-stub';
import { ADDRESS, calendar, quote, rental, STUDIOS, type Calendar, type Quote } from './fixtures';

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

export interface BookingApiOptions {
  /** The calendar's answer (days taken, first free start). */
  calendar?: Calendar;
  /** Changes to every quote (a refusal, a plan...), after its dates and delivery are echoed. */
  quote?: Partial<Quote>;
  /** Her saved choice (GET /api/plans/pickup). */
  pickup?: { option: 'online' | 'in-store' | null; studioId: number | null };
  /** Her open rentals' item ids (GET /api/rentals): Add to Cart reads 'Already Rented' for these. */
  rentedItemIds?: number[];
}

/**
 * The API the item page's booking panel talks to: the calendar, a quote that echoes the dates,
 * size and delivery asked for (at $25 a week), her address, the studios, her saved pickup choice,
 * her open rentals, and POST /api/rentals booking what was sent.
 */
export function bookingApi(options: BookingApiOptions = {}): ApiStub {
  return new ApiStub()
    .on('get', '/api/items/{id}/calendar', options.calendar ?? calendar())
    .on('get', '/api/rentals/quote', ({ query }) => {
      const startDate = query.get('startDate')!;
      const endDate = query.get('endDate')!;
      const days = daysBetween(startDate, endDate);
      const weeks = Math.ceil(days / 7);
      return quote({
        size: query.get('size')!,
        startDate,
        endDate,
        days,
        weeks,
        priceCents: weeks * 2_500,
        chargeCents: weeks * 2_500,
        handoff: query.get('delivery') === 'in-store' ? 'pickup' : 'delivery',
        ...options.quote,
      });
    })
    .on('get', '/api/orders/delivery-address', ADDRESS)
    .on('get', '/api/orders/studios', STUDIOS)
    .on('get', '/api/favorites', { items: [] })
    .on('get', '/api/plans/pickup', { option: null, studioId: null, updatedAt: null, ...options.pickup })
    .on('get', '/api/rentals', {
      rentals: (options.rentedItemIds ?? []).map((itemId, i) => rental({ id: 700 + i, itemId, status: 'out' })),
    })
    .on('post', '/api/rentals', ({ body }) =>
      rental({
        size: body.size,
        startDate: body.startDate ?? '2026-12-03',
        returnDate: body.endDate ?? '2026-12-10',
        backupSize: body.backupSize ?? null,
      }),
    );
}
