// The catalogue feature's public entry: other code imports these, never the files behind them.
export { catalogueSeed } from './catalogue.seed';
export { createCatalogueRoutes, createSearchRoutes } from './catalogue.routes';
export { createCatalogueService, toCatalogueItem, type CatalogueService } from './catalogue.service';
export { createItemPictures, photoUrl, picturesOf, type ItemPictures, type ItemPicturesService } from './item-pictures';
