// The match feature's public entry (swipes, favorites).
export { createFavoritesRoutes, createMatchRoutes } from './match.routes';
export { createMatchService, type MatchService } from './match.service';
export { createMemberLikes, type MemberLikes } from './member-likes';
