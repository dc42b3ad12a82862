// The lending feature's public entry: requests to book members' pieces, threads, handover, the lender's calendar (decision 0035).
export { LENDING_UPLOAD_ROUTE, createLendingRoutes, type LendingService } from './lending.routes';
export { createLendingCalendarService, type LendingCalendarService } from './lending-calendar.service';
export { createLendingThreadsService, type LendingThreadsService } from './lending-threads.service';
export { createLendingService, type LendingRequestsService } from './lending.service';
export { createRequestSettlement } from './request-settlement';
export { createLenderCancellation, type LenderCancellation } from './lender-cancellation';
export { createCalendarFeedService, type CalendarFeedService } from './calendar-feed.service';
export { createLenderPolicyRoutes } from './lender-policy.routes';
