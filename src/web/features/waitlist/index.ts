/** What other features may use from the waitlist: the dashboard's panel and the booking panel's 'Join the waitlist'. */
export { WaitlistPanel } from './components/waitlist-panel';
export { JoinWaitlistButton } from './components/join-waitlist-button';
export { getWaitlistQueryOptions } from './api/get-waitlist';
