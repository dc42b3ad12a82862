// Protection (decision 0064): damage cover, deposits, damage per the schedule, lender policies, verification and Instant Book.
export { createProtectionService, type ProtectionService } from './protection.service';
export { createTrustService, type TrustService } from './trust.service';
export { createSimulatedIdentityProvider, signIdentityWebhook, type IdentityProvider } from './identity-provider';
export { createIdentityWebhookRoutes, createProtectionDeskRoutes, createProtectionRoutes } from './protection.routes';
export { createLenderPolicyService, type LenderPolicyService } from './lender-policy.service';
export type { DepositMoves } from './deposit-moves';
