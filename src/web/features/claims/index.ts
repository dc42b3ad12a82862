/**
 * The claims feature's public API: the lender's damage claims on her payouts page, with the
 * queries that page loads. The desk's claims page is a route (/ops/claims).
 */
export { LenderClaims } from './components/lender-claims';
export { getClaimableQueryOptions, getClaimsQueryOptions } from './api/get-claims';
