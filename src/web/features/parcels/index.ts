/** Parcels' public API (decision 0061): the desk's parcels, an order's tracking. */
export { DeskParcels } from './components/desk-parcels';
export { OrderParcels } from './components/order-parcels';
export { getDeskParcelsQueryOptions, getParcelsQueryOptions, useParcels } from './api/get-parcels';
