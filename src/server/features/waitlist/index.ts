// The waitlist feature's public entry (decision 0034).
export { createWaitlistRoutes } from './waitlist.routes';
export { createWaitlistService, type WaitlistService } from './waitlist.service';
