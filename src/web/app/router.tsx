import { createBrowserRouter } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { GuestOnly, RequireMember } from './gate';
import { Layout, RouteErrorBoundary } from './layout';

/**
 * Every page of the app. Each route module is loaded lazily and exports `Component`, so the
 * first load of any page carries only the shell and that page.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteErrorBoundary />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: () => import('../features/home/routes/home') },
      { path: 'how-it-works', lazy: () => import('../features/home/routes/how-it-works') },
      { path: 'pricing', lazy: () => import('../features/plans/routes/pricing') },
      { path: 'browse', lazy: () => import('../features/catalogue/routes/browse') },
      { path: 'item/:id', lazy: () => import('../features/catalogue/routes/item') },
      { path: 'items/:slug', lazy: () => import('../features/catalogue/routes/static-item') },
      { path: 'match', lazy: () => import('../features/match/routes/match') },
      {
        element: <GuestOnly />,
        children: [
          { path: 'signup', lazy: () => import('../features/auth/routes/signup') },
          { path: 'login', lazy: () => import('../features/auth/routes/login') },
        ],
      },
      {
        element: <RequireMember />,
        children: [
          { path: 'dashboard', lazy: () => import('../features/dashboard/routes/dashboard') },
          { path: 'favorites', lazy: () => import('../features/match/routes/favorites') },
          { path: 'pickup-location', lazy: () => import('../features/plans/routes/pickup-location') },
          { path: 'plan-selection', lazy: () => import('../features/plans/routes/plan-selection') },
          { path: 'credit-card', lazy: () => import('../features/plans/routes/credit-card') },
        ],
      },
      { path: '*', lazy: () => import('../features/shell/routes/not-found') },
    ],
  },
]);
