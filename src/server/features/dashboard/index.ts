// The dashboard feature's public entry.
export { createDashboardRoutes } from './dashboard.routes';
export { createDashboardService, type DashboardService } from './dashboard.service';
