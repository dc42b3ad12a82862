/** The garment's passport (decision 0059): the item page's section and the desk's history of a unit. */
export { GarmentPassport } from './components/garment-passport';
export { getItemPassportQueryOptions } from './api/get-item-passport';
