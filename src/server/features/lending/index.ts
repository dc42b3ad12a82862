// The lending feature's public entry: requests to book members' pieces, threads, handover, the lender's calendar (decision 0035).
export { LENDING_UPLOAD_ROUTE, createLendingRoutes } from './lending.routes';
export { createLendingService, type LendingService } from './lending.service';
