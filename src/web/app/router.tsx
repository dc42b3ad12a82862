import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { GuestOnly, RequireMember } from './gate';
import { Layout, RouteErrorBoundary } from './layout';
import { SectionErrorBoundary } from './route-error';

type RouteModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>>>;

/**
 * A page: its module loads lazily, and its route id is the module's path under src/web, which is
 * also its key in Vite's manifest (the server uses it to preload the page's chunk).
 */
function page(file: string, load: () => Promise<RouteModule>): Pick<RouteObject, 'id' | 'lazy'> {
  return { id: file, lazy: load };
}

/**
 * Every page of the app. Each route module is loaded lazily and exports `Component`, so the
 * first load of any page carries only the shell and that page. Pages that may be rendered on the
 * server export `handle` (see lib/ssr-handle.ts).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteErrorBoundary />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      // Each section has its own error screen, shown inside the layout (decision 0014).
      {
        id: 'public',
        errorElement: <SectionErrorBoundary section="public" />,
        children: [
          { index: true, ...page('features/home/routes/home.tsx', () => import('../features/home/routes/home')) },
          { path: 'how-it-works', ...page('features/home/routes/how-it-works.tsx', () => import('../features/home/routes/how-it-works')) },
          { path: 'pricing', ...page('features/plans/routes/pricing.tsx', () => import('../features/plans/routes/pricing')) },
          { path: 'browse', ...page('features/catalogue/routes/browse.tsx', () => import('../features/catalogue/routes/browse')) },
          { path: 'item/:id', ...page('features/catalogue/routes/item.tsx', () => import('../features/catalogue/routes/item')) },
          { path: 'items/:slug', ...page('features/catalogue/routes/static-item.tsx', () => import('../features/catalogue/routes/static-item')) },
          { path: 'match', ...page('features/match/routes/match.tsx', () => import('../features/match/routes/match')) },
          { path: 'help', ...page('features/support/routes/help.tsx', () => import('../features/support/routes/help')) },
          { path: 'contact', ...page('features/support/routes/contact.tsx', () => import('../features/support/routes/contact')) },
          { path: 'privacy', ...page('features/support/routes/privacy.tsx', () => import('../features/support/routes/privacy')) },
          { path: 'terms', ...page('features/support/routes/terms.tsx', () => import('../features/support/routes/terms')) },
          { path: 'about', ...page('features/support/routes/about.tsx', () => import('../features/support/routes/about')) },
          { path: 'sustainability', ...page('features/support/routes/sustainability.tsx', () => import('../features/support/routes/sustainability')) },
          { path: 'blog', ...page('features/support/routes/blog.tsx', () => import('../features/support/routes/blog')) },
          { path: 'careers', ...page('features/support/routes/careers.tsx', () => import('../features/support/routes/careers')) },
          {
            id: 'guest-only',
            element: <GuestOnly />,
            children: [
              { path: 'signup', ...page('features/auth/routes/signup.tsx', () => import('../features/auth/routes/signup')) },
              { path: 'login', ...page('features/auth/routes/login.tsx', () => import('../features/auth/routes/login')) },
            ],
          },
          // Reachable signed in or out: a reset link may be opened in a browser where someone is signed in.
          { path: 'forgot-password', ...page('features/auth/routes/forgot-password.tsx', () => import('../features/auth/routes/forgot-password')) },
          { path: 'reset-password', ...page('features/auth/routes/reset-password.tsx', () => import('../features/auth/routes/reset-password')) },
          { path: '*', ...page('features/shell/routes/not-found.tsx', () => import('../features/shell/routes/not-found')) },
        ],
      },
      {
        id: 'require-member',
        element: <RequireMember />,
        errorElement: <SectionErrorBoundary section="member" />,
        children: [
          { path: 'dashboard', ...page('features/dashboard/routes/dashboard.tsx', () => import('../features/dashboard/routes/dashboard')) },
          { path: 'account', ...page('features/account/routes/account.tsx', () => import('../features/account/routes/account')) },
          { path: 'favorites', ...page('features/match/routes/favorites.tsx', () => import('../features/match/routes/favorites')) },
          { path: 'pickup-location', ...page('features/plans/routes/pickup-location.tsx', () => import('../features/plans/routes/pickup-location')) },
          { path: 'plan-selection', ...page('features/plans/routes/plan-selection.tsx', () => import('../features/plans/routes/plan-selection')) },
          { path: 'credit-card', ...page('features/plans/routes/credit-card.tsx', () => import('../features/plans/routes/credit-card')) },
          { path: 'notifications', ...page('features/notifications/routes/notifications.tsx', () => import('../features/notifications/routes/notifications')) },
        ],
      },
      {
        // The operations desk: staff only; its layout holds the gate (visitors to /login?from=...,
        // members see 'Staff only').
        path: 'ops',
        ...page('features/ops/routes/ops-layout.tsx', () => import('../features/ops/routes/ops-layout')),
        errorElement: <SectionErrorBoundary section="ops" />,
        children: [
          { index: true, ...page('features/ops/routes/today.tsx', () => import('../features/ops/routes/today')) },
          { path: 'check-in', ...page('features/ops/routes/check-in.tsx', () => import('../features/ops/routes/check-in')) },
          { path: 'inventory', ...page('features/ops/routes/inventory.tsx', () => import('../features/ops/routes/inventory')) },
          { path: 'listings', ...page('features/ops/routes/listings.tsx', () => import('../features/ops/routes/listings')) },
          { path: 'audit', ...page('features/ops/routes/audit.tsx', () => import('../features/ops/routes/audit')) },
        ],
      },
    ],
  },
];

/**
 * The browser's router. When the page arrived rendered by the server, the matched pages' modules
 * are loaded first, so the first client render is the server's markup (no loading fallback).
 */
export async function createRouter(hydrating: boolean) {
  if (hydrating) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
    await Promise.all(
      lazy.map(async ({ route }) => {
        const mod = await (route.lazy as () => Promise<RouteModule>)();
        Object.assign(route, { ...mod, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
}
