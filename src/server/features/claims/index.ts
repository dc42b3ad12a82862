// The damage claims feature's public entry (decision 0036).
export { CLAIM_UPLOAD_ROUTE, createClaimsDeskRoutes, createClaimsRoutes } from './claims.routes';
export { claimPhotoUrl, createClaimsService, type ClaimsService } from './claims.service';
