// The managed lending feature's public entry (decision 0062).
export { createManagedService, type ManagedService } from './managed.service';
export { createManagedDeskService, type ManagedDeskService } from './managed-desk.service';
export { createStorageTerm, type StorageTerm } from './storage-term';
export { createManagedRoutes, createManagedDeskRoutes } from './managed.routes';
export { requestInboundLabel, requestReturnLabel } from './labels';
