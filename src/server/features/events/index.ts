// The events feature's public entry.
export { eventsSeed } from './events.seed';
export { createEventsRoutes } from './events.routes';
export { createEventsService, type EventsService } from './events.service';
