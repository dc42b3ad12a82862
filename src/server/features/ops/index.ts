// The operations desk's public entry.
export { createInventoryService, type InventoryService } from './inventory.service';
export { OPS_UPLOAD_ROUTE, createOpsRoutes } from './ops.routes';
export { createOpsService, type OpsService } from './ops.service';
export { createConditionPhotosService, type ConditionPhotosService } from './condition-photos.service';
export { createUnitLifeService, type UnitLifeService } from './unit-life.service';
export { setStaffRole } from './staff-accounts';
