import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemActions } from '../../catalogue/components/item-actions';
import { bookingApi } from '../../../test/booking-api';
import { item, ITEM_ID, quote } from '../../../test/fixtures';
import { dismissToasts, renderPage } from '../../../test/render-page';

/**
 * Offers in the item page's booking (docs/product.md, "Offers"; decision 0056): the welcome
 * offer in the total, a promo code applied (any case) and sent with the booking, and a code that
 * cannot apply said at its field.
 */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

/** The booking API, with a quote that prices SPRING-10 at 10% off and refuses any other code as expired. */
function open() {
  const api = bookingApi().on('get', '/api/rentals/quote', ({ query }) => {
    const code = query.get('code');
    const base = { startDate: query.get('startDate')!, endDate: query.get('endDate')!, size: query.get('size')! };
    if (!code)
      return quote({
        ...base,
        chargeCents: 2_000,
        discount: { kind: 'welcome', code: null, label: 'Welcome offer: 20% off your first rental', cents: 500 },
      });
    if (code === 'SPRING-10')
      return quote({
        ...base,
        chargeCents: 1_250,
        discount: { kind: 'code', code, label: 'Code SPRING-10: 50% off', cents: 1_250 },
      });
    return quote({
      ...base,
      chargeCents: 2_000,
      discount: { kind: 'welcome', code: null, label: 'Welcome offer: 20% off your first rental', cents: 500 },
      refusal: { code: 'PROMO_CODE_EXPIRED', message: 'This code has expired.' },
    });
  });
  const page = renderPage(() => <ItemActions item={item()} />, { path: '/item/:id', url: `/item/${ITEM_ID}`, api });
  return { ...page, api };
}

const total = () => screen.getByTestId('booking-total');
const codeField = () => screen.getByRole('textbox', { name: 'Promo code' });

describe('offers in the booking panel', () => {
  it('the welcome offer: the total is what she pays, with the saving and the price before it', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'M' }));
    await waitFor(() => expect(total()).toHaveTextContent('$20.00'));
    expect(screen.getByTestId('booking-discount')).toHaveTextContent(
      'Welcome offer: 20% off your first rental$25.00−$5.00',
    );
  });

  it('a code typed in lower case is applied in capitals, priced, and sent with Add to Cart', async () => {
    const { api, user } = open();
    await user.click(screen.getByRole('button', { name: 'M' }));
    await waitFor(() => expect(total()).toHaveTextContent('$20.00'));
    await user.type(codeField(), ' spring-10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(total()).toHaveTextContent('$12.50'));
    expect(api.callsTo('get', '/api/rentals/quote').at(-1)!.query.get('code')).toBe('SPRING-10');
    expect(screen.getByTestId('booking-discount')).toHaveTextContent('Code SPRING-10: 50% off');
    await user.click(screen.getByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(api.bodiesSent('post', '/api/rentals')).toHaveLength(1));
    expect(api.bodiesSent('post', '/api/rentals')[0]).toMatchObject({ code: 'SPRING-10' });
  });

  it("a code that cannot apply is said at its field; one that cannot be a code is not sent; 'Remove' drops it", async () => {
    const { api, user } = open();
    await user.click(screen.getByRole('button', { name: 'M' }));
    await waitFor(() => expect(total()).toHaveTextContent('$20.00'));
    await user.type(codeField(), 'x');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('promo-code-message')).toHaveTextContent('A code is 3 to 32 letters');
    expect(api.callsTo('get', '/api/rentals/quote').some((c) => c.query.has('code'))).toBe(false);

    await user.clear(codeField());
    await user.type(codeField(), 'OLD-CODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('promo-code-message')).toHaveTextContent('This code has expired.'));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('promo-code-message')).toBeNull());
    expect(codeField()).toHaveValue('');
  });
});
