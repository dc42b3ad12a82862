// The shortlists feature's public entry (decision 0034).
export { createShortlistsRoutes } from './shortlists.routes';
export { createShortlistsService, type ShortlistsService } from './shortlists.service';
