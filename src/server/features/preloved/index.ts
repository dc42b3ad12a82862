// The pre-loved sale's public entry (decision 0066).
export { createPreLovedService, type PreLovedService } from './preloved.service';
export { createPreLovedDeskRoutes, createPreLovedRoutes } from './preloved.routes';
