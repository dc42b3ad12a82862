export { EventsTab } from './components/events-tab';
export { getEventsQueryOptions } from './api/get-events';
