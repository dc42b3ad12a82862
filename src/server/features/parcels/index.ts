// Parcels' public entry (decision 0061). Another feature (managed lending's pickups and returns to
// lenders) builds on the Carrier interface and the parcels service from here.
export {
  type Carrier,
  type CarrierAddress,
  type CarrierEvent,
  type CarrierLabel,
  type LabelRequest,
  CarrierSignatureError,
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhook,
  parseEventBody,
} from './carrier';
export {
  createSimulatedCarrier,
  deliverSimulatedEvent,
  simulatedEvent,
  SIMULATED_JOURNEY,
  type SimulatedEventJob,
} from './simulated-carrier';
export { createParcelsService, destinationOf, HOUSE_ADDRESS, type ParcelsService } from './parcels.service';
export type { ManagedParcelTracking } from './managed-parcels';
export { createParcelsRoutes, createParcelsDeskRoutes } from './parcels.routes';
