import { lazy } from 'react';

/**
 * The notifications feature's public API: the bell for the navigation, loaded only when a member
 * is signed in (visitors' first page does not carry it or the query library it polls with).
 */
export const NotificationBell = lazy(() =>
  import('./components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** The unread count's query, which the root loader fetches for a member's first paint (src/web/root.tsx). */
export { getUnreadCountQueryOptions } from './api/get-unread-count';
