export { EventsTab } from './components/events-tab';
export { getEventsQueryOptions } from './api/get-events';
export { rsvpAction } from './api/rsvp-action';
