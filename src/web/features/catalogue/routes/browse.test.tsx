import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import type { RootData } from '../../../lib/session';
import { ApiStub } from '../../../test/api-stub';
import { BUSINESS_TIME_ZONE, businessDayNow } from '../../../test/render-page';
import BrowsePage from './browse';

/*
 * /browse keeps its filters in the URL, and a change of filters is a navigation that waits for its
 * data (the route's client loader). Two quick choices, the second made while the first is still
 * loading, must both be kept: the second builds on the first, not on the page still shown.
 */

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);
// jsdom has no media queries: the page asks whether it is on a phone (the dates filter's layout).
window.matchMedia ??= (query: string) =>
  ({
    media: query,
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

const count = (value: string) => ({ value, count: 3 });
const FACETS = {
  total: 6,
  categories: [count('Hoodies'), count('Dresses')],
  sizes: [count('XS'), count('M')],
  brands: [count('Columbia'), count('Nike')],
  colours: [count('cream')],
  occasions: [],
  price: { min: 999, max: 2999 },
  tabs: null,
};

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

describe('browse filters', () => {
  it('a second filter chosen while the first is loading keeps both, in the URL and in the controls', async () => {
    const api = new ApiStub()
      .on('get', '/api/items', { items: [], nextCursor: null })
      .on('get', '/api/items/facets', FACETS);
    const rootData: RootData = {
      user: null,
      origin: 'http://localhost',
      timeZone: BUSINESS_TIME_ZONE,
      businessTimeZone: BUSINESS_TIME_ZONE,
      welcomeOfferPercent: 20,
      ...businessDayNow(BUSINESS_TIME_ZONE),
    };
    // Every navigation after the first waits until the test lets it finish (a slow network).
    const waiting: (() => void)[] = [];
    let first = true;
    const loader = () => {
      if (first) {
        first = false;
        return null;
      }
      return new Promise<null>((resolve) => waiting.push(() => resolve(null)));
    };
    const queryClient = createQueryClient(createApi((request) => api.transport(request), 'http://localhost'));
    const Stub = createRoutesStub([
      {
        id: 'root',
        loader: () => rootData,
        Component: () => (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [{ path: '/browse', Component: BrowsePage, loader }],
      },
    ]);
    render(
      <QueryClientProvider client={queryClient}>
        <Stub initialEntries={['/browse?category=Hoodies']} />
      </QueryClientProvider>,
    );
    const brand = await screen.findByLabelText('Brand', { exact: true });
    await waitFor(() => expect(screen.getAllByRole('option', { name: /Columbia/ }).length).toBeGreaterThan(0));

    fireEvent.change(brand, { target: { value: 'Columbia' } });
    await waitFor(() => expect(waiting).toHaveLength(1)); // the brand's navigation is loading
    fireEvent.change(screen.getByLabelText('Size', { exact: true }), { target: { value: 'XS' } });
    // The controls show both choices at once, before either has loaded.
    expect(screen.getByLabelText<HTMLSelectElement>('Brand', { exact: true }).value).toBe('Columbia');

    await waitFor(() => expect(waiting.length).toBeGreaterThanOrEqual(2));
    for (const done of waiting) done();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toMatch(/size=XS/));
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(Object.fromEntries(search)).toMatchObject({ category: 'Hoodies', brand: 'Columbia', size: 'XS' });
  });
});
