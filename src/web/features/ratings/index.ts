/** The ratings feature's public API: the dashboard's reminder to rate, and its query for the page's loader. */
export { RatingsToWrite } from './components/ratings-to-write';
export { getRatingsQueryOptions } from './api/get-ratings';
