// The listings feature's public entry.
export { LISTING_UPLOAD_ROUTE, createListingsRoutes } from './listings.routes';
export { createListingsService, type ListingsService } from './listings.service';
export { createListingPhotosService } from './listing-photos.service';
export { preparePhotos } from './listing-photos';
export { listingFieldsOf } from './listing-view';
