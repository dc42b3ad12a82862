import { lazy } from 'react';

/** The events feature's public API: the dashboard's Events tab, loaded as the Listing tab is (decision 0081). */
export const loadEventsTab = () => import('./components/events-tab').then((m) => ({ default: m.EventsTab }));
export const EventsTab = lazy(loadEventsTab);
export { getEventsQueryOptions } from './api/get-events';
export { rsvpAction } from './api/rsvp-action';
