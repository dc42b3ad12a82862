import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { ItemActions } from '../../catalogue/components/item-actions';
import { apiError } from '../../../test/api-stub';
import { bookingApi, type BookingApiOptions } from '../../../test/booking-api';
import { calendar, item, ITEM_ID } from '../../../test/fixtures';
import { dismissToasts, renderPage } from '../../../test/render-page';

/**
 * The item page's booking (docs/product.md, Renting): the size chosen above the panel, the dates
 * (the first free week, or picked in the calendar), delivery or studio pickup, and the total the
 * API quotes for them. Booking itself: booking-panel-book.test.tsx.
 */

// Each test renders the whole panel and its lazily loaded calendar: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

/** The item page's size and booking, with dates from its URL (?from=&to=) when given. */
function open(api: BookingApiOptions = {}, url: { from?: string; to?: string } = {}) {
  return renderPage(() => <ItemActions item={item()} from={url.from} to={url.to} />, {
    path: '/item/:id',
    url: `/item/${ITEM_ID}`,
    api: bookingApi(api),
  });
}

const panel = () => screen.getByRole('region', { name: 'Your booking' });
const total = () => screen.getByTestId('booking-total');
const dates = () => screen.getByTestId('booking-dates');
const sizeButton = (s: string) => screen.getByRole('button', { name: s, pressed: false });

/** Opens the dates' calendar (loaded on first use) once the first free week is shown. */
async function openCalendar(user: ReturnType<typeof open>['user']) {
  await waitFor(() => expect(dates()).toHaveTextContent('Dec 3, 2026'));
  await user.click(screen.getByRole('button', { name: /Dec 3, 2026/ }));
  await screen.findByRole('grid');
}

describe('before a size is chosen', () => {
  it('asks for a size, and asks the API for neither dates nor a total', async () => {
    const { api } = open();
    expect(within(panel()).getByText('Choose your size to see the free dates and the total.')).toBeInTheDocument();
    expect(within(panel()).getByText('The total appears once you choose a size.')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-total')).toBeNull();
    await screen.findByTestId('delivery-address');
    expect(api.callsTo('get', '/api/items/{id}/calendar')).toEqual([]);
    expect(api.callsTo('get', '/api/rentals/quote')).toEqual([]);
  });
});

describe('choosing a size', () => {
  it('shows the first free week and its total, charged to her card, for the size chosen', async () => {
    const { api, user } = open();
    await user.click(sizeButton('M'));
    expect(screen.getByRole('button', { name: 'M', pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(total()).toHaveTextContent('$25.00'));
    expect(dates()).toHaveTextContent('Dec 3, 2026 – Dec 10, 2026 · 7 days');
    expect(panel()).toHaveTextContent('Total for 7 days');
    expect(panel()).toHaveTextContent('Charged to your Visa ending in 4242 when you book.');
    const calendarCall = api.callsTo('get', `/api/items/${ITEM_ID}/calendar`)[0]!;
    expect(Object.fromEntries(calendarCall.query)).toEqual({ size: 'M', delivery: 'online', days: '7' });
    const quoted = api.callsTo('get', '/api/rentals/quote').at(-1)!;
    expect(Object.fromEntries(quoted.query)).toEqual({
      itemId: String(ITEM_ID),
      size: 'M',
      startDate: '2026-12-03',
      endDate: '2026-12-10',
      delivery: 'online',
    });
  });

  it('asks again for another size: the quote follows the size', async () => {
    const { api, user } = open();
    await user.click(sizeButton('M'));
    await waitFor(() => expect(total()).toHaveTextContent('$25.00'));
    await user.click(sizeButton('L'));
    await waitFor(() => expect(api.callsTo('get', '/api/rentals/quote').at(-1)!.query.get('size')).toBe('L'));
    expect(api.callsTo('get', '/api/items/{id}/calendar').at(-1)!.query.get('size')).toBe('L');
  });

  it('offers the other sizes as a backup size, at no charge', async () => {
    const { user } = open();
    await user.click(sizeButton('M'));
    const backup = await screen.findByRole('combobox', { name: 'Backup size' });
    expect(
      within(backup)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No backup size', 'Size S', 'Size L']);
    expect(backup).toHaveAccessibleDescription(/We hold a second size for the same dates at no charge/);
  });

  it('says the size is sold out in the coming weeks when no day is free', async () => {
    const { user } = open({ calendar: calendar({ firstFreeStart: null }) });
    await user.click(sizeButton('M'));
    expect(await within(panel()).findByText(`${RENTAL_MESSAGES.soldOut} in the coming weeks.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });
});

describe('the quote', () => {
  it('within a plan: "Included in your plan", and the pieces left this month; no card line', async () => {
    const { user } = open({
      quote: {
        includedInPlan: true,
        plan: {
          id: 'monthly',
          title: 'Monthly',
          allowance: 4,
          used: 1,
          remaining: 3,
          periodEnd: '2026-12-31',
        },
      },
    });
    await user.click(sizeButton('M'));
    await waitFor(() => expect(total()).toHaveTextContent(RENTAL_MESSAGES.includedInPlan));
    expect(panel()).toHaveTextContent('Monthly plan · 3 of 4 pieces left this month');
    expect(panel()).not.toHaveTextContent(/Charged to your/);
  });

  it('a longer booking says its weeks and the weekly price', async () => {
    const { user } = open({}, { from: '2026-12-05', to: '2026-12-19' });
    await user.click(sizeButton('M'));
    await waitFor(() => expect(total()).toHaveTextContent('$50.00'));
    expect(panel()).toHaveTextContent('Total for 14 days (2 weeks at $25.00)');
  });

  it('without a card: the refusal is said and the button goes to the card page, bringing her back', async () => {
    const { user } = open({ quote: { card: null, refusal: { code: 'CARD_REQUIRED', message: 'Add a card' } } });
    await user.click(sizeButton('M'));
    expect(await within(panel()).findByText(RENTAL_MESSAGES.cardRequired)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: RENTAL_MESSAGES.addCard });
    const back = `/item/${ITEM_ID}?from=2026-12-03&to=2026-12-10&size=M`;
    expect(link).toHaveAttribute('href', `/credit-card?mode=manage&returnTo=${encodeURIComponent(back)}`);
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('dates taken: says when the size is free again, and offers the waitlist instead of Add to Cart', async () => {
    const { user } = open({
      quote: { available: false, nextFreeDate: '2026-12-20', refusal: { code: 'SOLD_OUT', message: 'Sold out' } },
    });
    await user.click(sizeButton('M'));
    expect(
      await within(panel()).findByText(`${RENTAL_MESSAGES.soldOut}: free again from Dec 20, 2026.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it("the allowance used: the API's reason is shown under the total", async () => {
    const message = 'You have used the 4 pieces of your plan this month.';
    const { user } = open({ quote: { refusal: { code: 'ALLOWANCE_EXCEEDED', message } } });
    await user.click(sizeButton('M'));
    expect(await within(panel()).findByText(message)).toBeInTheDocument();
  });

  it("a quote the API refuses says the API's reason in the panel, in place of a total", async () => {
    const api = bookingApi().on('get', '/api/rentals/quote', apiError(400, 'BAD_REQUEST', 'That size is not made.'));
    const { user } = renderPage(() => <ItemActions item={item()} />, { api });
    await user.click(sizeButton('M'));
    expect(await within(panel()).findByText('That size is not made.')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-total')).toBeNull();
  });
});

describe('dates', () => {
  it('a click in the calendar starts a new week there, with its total; "Use these dates" applies it', async () => {
    const { api, user } = open();
    await user.click(sizeButton('M'));
    await openCalendar(user);
    await user.click(await screen.findByRole('button', { name: /December 14th, 2026/ }));
    const summary = screen.getByTestId('dates-summary');
    expect(summary).toHaveTextContent('Dec 14, 2026 – Dec 21, 2026 · 7 days');
    await waitFor(() => expect(screen.getByTestId('dates-summary-total')).toHaveTextContent('1 week · $25.00'));
    expect(summary).toHaveTextContent('Pick the day it goes back to change the length.');
    // Nothing changes until she confirms.
    expect(dates()).toHaveTextContent('Dec 3, 2026');
    await user.click(within(summary).getByRole('button', { name: 'Use these dates' }));
    expect(dates()).toHaveTextContent('Dec 14, 2026 – Dec 21, 2026 · 7 days');
    expect(screen.queryByTestId('dates-summary')).toBeNull();
    expect(api.callsTo('get', '/api/rentals/quote').at(-1)!.query.get('startDate')).toBe('2026-12-14');
  });

  it('a second click after the start sets the return day: a longer booking and its total', async () => {
    const { user } = open();
    await user.click(sizeButton('M'));
    await openCalendar(user);
    await user.click(await screen.findByRole('button', { name: /December 7th, 2026/ }));
    await user.click(screen.getByRole('button', { name: /December 21st, 2026/ }));
    const summary = screen.getByTestId('dates-summary');
    expect(summary).toHaveTextContent('Dec 7, 2026 – Dec 21, 2026 · 14 days');
    await waitFor(() => expect(screen.getByTestId('dates-summary-total')).toHaveTextContent('2 weeks · $50.00'));
    await user.click(within(summary).getByRole('button', { name: 'Use these dates' }));
    await waitFor(() => expect(total()).toHaveTextContent('$50.00'));
  });

  it('marks the days taken for the size as sold out (to join the waitlist), and no earlier day than today', async () => {
    const { user } = open({ calendar: calendar({}, ['2026-12-15']) });
    await user.click(sizeButton('M'));
    await openCalendar(user);
    expect(
      await screen.findByRole('button', { name: 'Tuesday, December 15th, 2026, sold out, join the waitlist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /December 16th, 2026$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /November 30th, 2026/ })).toBeNull();
    expect(screen.getByTestId('sold-out-legend')).toBeInTheDocument();
  });

  it('dates from the URL that have passed are dropped with a note; the first free week is shown', async () => {
    const { user } = open({}, { from: '2026-11-01', to: '2026-11-08' });
    await user.click(sizeButton('M'));
    expect(await screen.findByRole('status')).toHaveTextContent(RENTAL_MESSAGES.pastDates);
    await waitFor(() => expect(dates()).toHaveTextContent('Dec 3, 2026 – Dec 10, 2026'));
  });
});

describe('delivery or studio pickup', () => {
  it('delivery shows her address; studio pickup lists the studios and quotes a pickup', async () => {
    const { api, user } = open();
    await user.click(sizeButton('M'));
    expect(await screen.findByTestId('delivery-address')).toHaveTextContent(
      'Willa Member5 Elm St, Apt 2, Brooklyn, NY 11201',
    );
    expect(screen.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Studio pickup' }));
    const studio = await screen.findByRole('combobox', { name: 'Studio' });
    expect(studio).toHaveValue('1');
    expect(screen.getByTestId('studio-details')).toHaveTextContent('12 Greene St, New York, NY 10013 · (212) 555-0101');
    expect(screen.getByRole('list', { name: 'Opening hours' })).toHaveTextContent('Mon 10:00–19:00Sun closed');
    expect(screen.queryByTestId('delivery-address')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('get', '/api/rentals/quote').at(-1)!.query.get('delivery')).toBe('in-store'),
    );
    await user.selectOptions(studio, 'Williamsburg Studio');
    expect(screen.getByTestId('studio-details')).toHaveTextContent('80 N 6th St, Brooklyn');
  });

  it('starts from her saved choice: pickup at her studio', async () => {
    const { user } = open({ pickup: { option: 'in-store', studioId: 2 } });
    await user.click(sizeButton('M'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Studio pickup' })).toBeChecked());
    expect(await screen.findByRole('combobox', { name: 'Studio' })).toHaveValue('2');
  });
});
