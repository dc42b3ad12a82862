// The match feature's public entry (swipes, favourites).
export { createFavoritesRoutes, createMatchRoutes } from './match.routes';
export { createMatchService, type MatchService } from './match.service';
