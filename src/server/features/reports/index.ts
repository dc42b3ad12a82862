// The problem reports feature's public entry (decision 0060).
export { REPORT_UPLOAD_ROUTE, createReportsDeskRoutes, createReportsRoutes } from './reports.routes';
export { createReportsService, type ReportsService } from './reports.service';
export { reportPhotoUrl } from './report-view';
