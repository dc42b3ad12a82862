import { lazy } from 'react';

/**
 * The listings feature's public API: the dashboard's Listing tab and the earnings query. The tab
 * (its form, the listing and lending rules' schemas) loads when it is opened or about to be, not
 * with the Renting tab the dashboard opens on (decision 0081); `loadListingTab` starts that load.
 */
export const loadListingTab = () => import('./components/listing-tab').then((m) => ({ default: m.ListingTab }));
export const ListingTab = lazy(loadListingTab);
export { listingsQueryKey, useListings } from './api/get-listings';
export { getListingsQueryOptions } from './api/get-listings';
