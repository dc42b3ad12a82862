import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { businessDay } from '@domain/business-day';
import { pageBusinessDay, type PageUser } from '@domain/page-context';
import { createApi } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import type { RootData } from '../lib/session';
import { ApiStub } from './api-stub';

// A page's first render loads its modules (and sonner, the calendar) on demand: on a busy machine
// that took over the default second of findBy/waitFor. Only timing is relaxed, not what is awaited.
configure({ asyncUtilTimeout: 8_000 });

/** A signed-in member, as the root loader gives her to every page. */
export const MEMBER: PageUser = {
  id: 'u-member',
  email: 'willa@example.com',
  name: 'Willa Member',
  emailVerified: true,
  role: 'member',
};

/** A staff account (the operations desk). */
export const STAFF: PageUser = {
  ...MEMBER,
  id: 'u-staff',
  email: 'sam@rentique.test',
  name: 'Sam Staff',
  role: 'staff',
};

export const BUSINESS_TIME_ZONE = 'America/New_York';

/** Where the router is: shown on every page, to check where a page sent her. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

function Root() {
  return (
    <>
      <Outlet />
      <LocationProbe />
      <Toaster />
    </>
  );
}

function Elsewhere() {
  return <p>Another page</p>;
}

export interface RenderPageOptions {
  /** The signed-in account (null: a visitor). */
  user?: PageUser | null;
  /** The route's pattern ('/ops/check-in'); '/' by default. */
  path?: string;
  /** The URL opened ('/ops/check-in?code=RT-000042'); `path` by default. */
  url?: string;
  /** The API (a new, empty one by default). */
  api?: ApiStub;
}

export interface RenderedPage {
  api: ApiStub;
  queryClient: QueryClient;
  user: ReturnType<typeof userEvent.setup>;
  /** The router's location now ('/dashboard'). */
  location: () => string;
}

/**
 * Renders a page (a route's Component, or any element wrapped in one) the way the app does:
 * inside React Router (createRoutesStub) under a root route whose data names the member, with a
 * real TanStack QueryClient whose API client calls `api` (the fetch boundary), and sonner's
 * Toaster. Any other path renders 'Another page', so a navigation can be checked with `location()`.
 */
export function renderPage(Page: ComponentType, options: RenderPageOptions = {}): RenderedPage {
  const api = options.api ?? new ApiStub();
  const path = options.path ?? '/';
  const rootData: RootData = {
    user: options.user === undefined ? MEMBER : options.user,
    origin: 'http://localhost',
    timeZone: BUSINESS_TIME_ZONE,
    businessTimeZone: BUSINESS_TIME_ZONE,
    welcomeOfferPercent: 20,
    ...businessDayNow(BUSINESS_TIME_ZONE),
  };
  const queryClient = createQueryClient(createApi((request) => api.transport(request), 'http://localhost'));
  const Stub = createRoutesStub([
    {
      id: 'root',
      Component: Root,
      loader: () => rootData,
      children: [
        { path, Component: Page },
        { path: '*', Component: Elsewhere },
      ],
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={[options.url ?? path]} hydrationData={{ loaderData: { root: rootData } }} />
    </QueryClientProvider>,
  );
  return {
    api,
    queryClient,
    user: userEvent.setup({ delay: null }),
    location: () => screen.getByTestId('location').textContent ?? '',
  };
}

/** The toasts on screen, each as its title and description (sonner renders each as an li[data-sonner-toast]). */
export const toasts = () =>
  [...document.querySelectorAll('[data-sonner-toast]')].map((t) => (t.textContent ?? '').replace(/\s+/g, ' ').trim());

/** Lets pending requests answer and sonner (loaded on demand for error toasts) draw. */
export const settle = (ms = 100) => act(() => new Promise((r) => setTimeout(r, ms)));

/** For afterEach: sonner's list of toasts outlives a test. */
export function dismissToasts() {
  toast.dismiss();
}

/** The business's day now in `zone` and the instant it ends, as the server puts them in the root's data. */
export function businessDayNow(zone: string) {
  return pageBusinessDay(businessDay(Date.now(), zone), zone);
}
