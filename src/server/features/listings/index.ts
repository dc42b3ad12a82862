// The listings feature's public entry.
export { LISTING_UPLOAD_ROUTE, createListingsRoutes } from './listings.routes';
export { createListingsService, listingFieldsOf, preparePhotos, type ListingsService } from './listings.service';
