/** The listings feature's public API: the dashboard's Listing tab and the earnings query. */
export { ListingTab } from './components/listing-tab';
export { listingsQueryKey, useListings } from './api/get-listings';
export { getListingsQueryOptions } from './api/get-listings';
