import { data, redirect, type AppLoadContext } from 'react-router';
import { addDays, isIsoDate, RENTAL_DAYS } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { loginRedirect } from '../../../lib/page-data';
import { CHOOSE_SIZE, shownRefusal, type BookingRefusal } from './booking-refusal';

/** What the item page's action answers when nothing was booked: the reason, drawn under Add to Cart. */
export interface AddToCartRefused {
  refusal: BookingRefusal;
}

/** An API call made in-process as the member; its JSON, or the error it answered. */
async function call<T>(context: AppLoadContext, path: string, init?: RequestInit): Promise<T> {
  const res = await context.apiFetch(
    new Request(new URL(path, context.origin), {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    }),
  );
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (body as { error?: ConstructorParameters<typeof ApiClientError>[1] } | null)?.error ?? {};
    throw new ApiClientError(res.status, error);
  }
  return body as T;
}

/**
 * Add to Cart before the app runs (POST /item/{id}; issue 32): the form sends the item, the size
 * (chosen with ?size= until the app runs) and the dates when the page had them (?from=&to=). Without
 * dates it books what the panel shows by default: RENTAL_DAYS from the first day a unit of the size
 * is free for her saved way of delivery (else delivery to her address, as the panel). The booking
 * is the API's (POST /api/rentals, in-process as the member), so prices, the card, her plan and every refusal are the same. Booked: the dashboard,
 * where the running app goes after 'Added to Cart!'. Refused: the item page again, the reason under
 * the button in the toast's words (bookingRefusal). A visitor signs in first and comes back here.
 */
export async function addToCartAction(
  request: Request,
  context: AppLoadContext,
  itemId: number,
): Promise<Response | ReturnType<typeof data<AddToCartRefused>>> {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const size = field('size');
  if (!size) return data({ refusal: CHOOSE_SIZE }, { status: 400 });
  const refused = (err: unknown) =>
    data(
      { refusal: shownRefusal(err instanceof Error ? err : new Error(String(err)), { itemId, size }) },
      { status: err instanceof ApiClientError ? err.status : 500 },
    );

  try {
    let startDate = field('startDate');
    let endDate = field('endDate');
    // Her saved way of delivery, else delivery to her address: what the running panel offers first.
    const { option } = await call<{ option: PickupOption | null }>(context, '/api/plans/pickup');
    const delivery = option ?? 'online';
    if (!(isIsoDate(startDate) && isIsoDate(endDate) && endDate > startDate)) {
      const query = new URLSearchParams({ size, delivery, days: String(RENTAL_DAYS) });
      const calendar = await call<{ firstFreeStart: string | null }>(
        context,
        `/api/items/${itemId}/calendar?${query.toString()}`,
      );
      if (!calendar.firstFreeStart)
        return data(
          { refusal: { title: RENTAL_MESSAGES.soldOut, description: `Size ${size} is not free in the coming weeks.` } },
          { status: 409 },
        );
      startDate = calendar.firstFreeStart;
      endDate = addDays(startDate, RENTAL_DAYS);
    }
    // A promo code she applied (the panel's field puts it in the form and the URL); decision 0056.
    const code = field('code');
    await call(context, '/api/rentals', {
      method: 'POST',
      body: JSON.stringify({ itemId, size, startDate, endDate, delivery, ...(code ? { code } : {}) }),
    });
  } catch (err) {
    return refused(err);
  }
  return redirect(paths.dashboard);
}
