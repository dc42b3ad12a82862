// The operations desk's public entry.
export { createOpsRoutes } from './ops.routes';
export { createOpsService, type OpsService } from './ops.service';
export { setStaffRole } from './staff-accounts';
