// The garment's passport (decision 0059): read-only history of an item's units.
export { createPassportRoutes, createPassportDeskRoutes } from './passport.routes';
export { createPassportService, type PassportService } from './passport.service';
