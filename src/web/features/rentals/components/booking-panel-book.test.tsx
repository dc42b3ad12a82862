import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { ItemActions } from '../../catalogue/components/item-actions';
import { apiError } from '../../../test/api-stub';
import { bookingApi, type BookingApiOptions } from '../../../test/booking-api';
import { item, ITEM_ID } from '../../../test/fixtures';
import { dismissToasts, renderPage, settle, toasts } from '../../../test/render-page';
import type { PageUser } from '@domain/page-context';

/**
 * Add to Cart on the item page (docs/product.md, Renting): what is posted for the size, dates and
 * delivery chosen, what she sees when it is booked, and each refusal's message.
 */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

function open(options: BookingApiOptions & { user?: PageUser | null } = {}) {
  const api = bookingApi(options);
  const page = renderPage(() => <ItemActions item={item()} />, {
    path: '/item/:id',
    url: `/item/${ITEM_ID}`,
    api,
    ...(options.user !== undefined ? { user: options.user } : {}),
  });
  return page;
}

const addToCart = () => screen.getByRole('button', { name: /Add to Cart/ });

/** Chooses size M and waits for the first free week's total. */
async function chooseM(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'M' }));
  await waitFor(() => expect(screen.getByTestId('booking-total')).toHaveTextContent('$25.00'));
}

describe('Add to Cart', () => {
  it('posts the size, the dates shown and delivery; says it is added and when it is due back, then goes to the dashboard', async () => {
    const { api, user, location } = open();
    await chooseM(user);
    await user.click(addToCart());
    expect(await screen.findByRole('button', { name: 'Added to Cart!' })).toBeDisabled();
    // It stays on the page a moment (1.5 s) before going to the dashboard.
    expect(location()).toBe(`/item/${ITEM_ID}`);
    expect(api.bodiesSent('post', '/api/rentals')).toEqual([
      { itemId: ITEM_ID, size: 'M', startDate: '2026-12-03', endDate: '2026-12-10', delivery: 'online' },
    ]);
    await waitFor(() => expect(toasts()).toEqual(['Added to Cart!Due back Dec 10, 2026.']));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('a studio pickup posts the studio chosen; a backup size is posted with it', async () => {
    const { api, user } = open();
    await chooseM(user);
    await user.click(screen.getByRole('radio', { name: 'Studio pickup' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Studio' }), 'Williamsburg Studio');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Backup size' }), 'Size L');
    await waitFor(() =>
      expect(api.callsTo('get', '/api/rentals/quote').at(-1)!.query.get('delivery')).toBe('in-store'),
    );
    await user.click(addToCart());
    await screen.findByRole('button', { name: 'Added to Cart!' });
    expect(api.bodiesSent('post', '/api/rentals')).toEqual([
      {
        itemId: ITEM_ID,
        size: 'M',
        startDate: '2026-12-03',
        endDate: '2026-12-10',
        delivery: 'in-store',
        studioId: 2,
        backupSize: 'L',
      },
    ]);
  });

  it('back to delivery after choosing a studio: posts delivery, without the studio', async () => {
    const { api, user } = open();
    await chooseM(user);
    await user.click(screen.getByRole('radio', { name: 'Studio pickup' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Studio' }), 'Williamsburg Studio');
    await user.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(await screen.findByTestId('delivery-address')).toBeInTheDocument();
    await user.click(addToCart());
    await screen.findByRole('button', { name: 'Added to Cart!' });
    expect(api.bodiesSent('post', '/api/rentals')).toEqual([
      { itemId: ITEM_ID, size: 'M', startDate: '2026-12-03', endDate: '2026-12-10', delivery: 'online' },
    ]);
  });

  it('without a size: asks for one and books nothing', async () => {
    const { api, user } = open();
    await user.click(addToCart());
    await waitFor(() => expect(toasts()).toEqual(['Choose a sizePick your size before adding the piece.']));
    expect(api.writes()).toEqual([]);
  });

  it('a visitor is sent to sign in, and nothing is asked about her address or choice', async () => {
    const { api, user, location } = open({ user: null });
    await user.click(screen.getByRole('button', { name: 'M' }));
    await waitFor(() => expect(screen.getByTestId('booking-total')).toHaveTextContent('$25.00'));
    await user.click(addToCart());
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.writes()).toEqual([]);
    expect(api.callsTo('get', '/api/orders/delivery-address')).toEqual([]);
    expect(api.callsTo('get', '/api/plans/pickup')).toEqual([]);
  });

  it('a piece she has out already reads "Already Rented", disabled', async () => {
    const { user } = open({ rentedItemIds: [ITEM_ID] });
    await user.click(screen.getByRole('button', { name: 'M' }));
    expect(await screen.findByRole('button', { name: RENTAL_MESSAGES.alreadyRented })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });
});

describe('refusals of Add to Cart', () => {
  /** Opens the page with POST /api/rentals refused with `refusal`, chooses M and clicks Add to Cart. */
  async function bookRefused(refusal: ReturnType<typeof apiError>) {
    const page = open();
    page.api.on('post', '/api/rentals', refusal);
    await chooseM(page.user);
    await page.user.click(addToCart());
    await settle();
    return page;
  }

  it('dates taken meanwhile: says so, and when the size is free again; the button stays', async () => {
    await bookRefused(apiError(409, 'SOLD_OUT', 'Sold out for these dates', { nextFreeDate: '2026-12-20' }));
    await waitFor(() =>
      expect(toasts()).toEqual([`${RENTAL_MESSAGES.soldOut}Size M is free again from Dec 20, 2026.`]),
    );
    expect(addToCart()).toBeEnabled();
    expect(screen.queryByText('Added to Cart!')).toBeNull();
  });

  it('a size sold out for the coming year says so', async () => {
    await bookRefused(apiError(409, 'SOLD_OUT', 'Sold out for these dates'));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.soldOut}Size M is not free in the coming year.`]));
  });

  it("the plan's allowance used: says the API's reason, and 'Change plan' goes to the plans", async () => {
    const message = 'You have rented the 4 pieces of your Monthly plan this month.';
    const { location, user } = await bookRefused(apiError(409, 'ALLOWANCE_EXCEEDED', message, { allowance: 4 }));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.allowanceTitle}${message}Change plan`]));
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(location()).toBe('/plan-selection'));
  });

  it('a declined card: the reason under the button, nothing booked, and the way to change the card', async () => {
    await bookRefused(apiError(402, 'PAYMENT_DECLINED', 'Your card has insufficient funds.'));
    const alert = await screen.findByTestId('booking-refusal');
    expect(alert).toHaveRole('alert');
    expect(alert).toHaveTextContent('Your card has insufficient funds. Nothing was booked. Change card');
    expect(within(alert).getByRole('link', { name: 'Change card' })).toHaveAttribute(
      'href',
      `/credit-card?mode=manage&returnTo=${encodeURIComponent(`/item/${ITEM_ID}`)}`,
    );
    expect(addToCart()).toHaveAccessibleDescription(/Your card has insufficient funds/);
    await waitFor(() =>
      expect(toasts()).toEqual(['Payment declinedYour card has insufficient funds. Nothing was booked.Change card']),
    );
  });

  it('no card on file at booking: the same, with the way to add one', async () => {
    await bookRefused(apiError(402, 'CARD_REQUIRED', 'Add a card to rent pay-per-item.'));
    const alert = await screen.findByTestId('booking-refusal');
    expect(within(alert).getByRole('link', { name: 'Add a card' })).toBeInTheDocument();
  });

  it('a piece she has already: "Already Rented"', async () => {
    await bookRefused(apiError(409, 'ALREADY_RENTED', 'Already rented'));
    await waitFor(() =>
      expect(toasts()).toEqual([`${RENTAL_MESSAGES.alreadyRented}${RENTAL_MESSAGES.alreadyRentedBody}`]),
    );
  });

  it("no delivery address: the API's reason, nothing booked, and 'Add an address' goes to her addresses", async () => {
    const { location, user } = await bookRefused(
      apiError(409, 'ADDRESS_REQUIRED', 'Add a delivery address to have it delivered.'),
    );
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Add a delivery addressAdd a delivery address to have it delivered. Nothing was booked.Add an address',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    await waitFor(() => expect(location()).toBe('/account/addresses'));
  });
});
