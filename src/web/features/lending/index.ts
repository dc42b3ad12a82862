/** The lending feature's public API: requesting a member's piece (item page). */
export { useRequestToBook } from './api/request-to-book';
export { lendingPaths } from './lib/lending-text';
export { RequestToBookButton } from './components/request-to-book';
