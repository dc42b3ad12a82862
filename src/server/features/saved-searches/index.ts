// The saved searches feature's public entry (decision 0065).
export { createSavedSearchesRoutes } from './saved-searches.routes';
export { createSavedSearchesService, type SavedSearchesService } from './saved-searches.service';
