/** The ratings feature's public API: the dashboard's reminder to rate. */
export { RatingsToWrite } from './components/ratings-to-write';
