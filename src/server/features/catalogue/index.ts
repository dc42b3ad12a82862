// The catalogue feature's public entry: other code imports these, never the files behind them.
export { catalogueSeed } from './catalogue.seed';
export { createCatalogueRoutes, createSearchRoutes } from './catalogue.routes';
export { createCatalogueService, type CatalogueService } from './catalogue.service';
export { toCatalogueItem } from './catalogue-items';
export { createCatalogueRepository } from './catalogue.repository';
export { createIndexFollower } from './index-follower';
export { createIndexRowsRepository } from './index-rows.repository';
export { LIKED_LIMIT, RECENT_DAYS } from './ranking';
export { createItemAvailability } from './item-availability';
export { createItemPictures, photoUrl, picturesOf, type ItemPictures, type ItemPicturesService } from './item-pictures';
export { createServedPictures } from './served-pictures';
