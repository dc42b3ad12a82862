/**
 * How pieces reach a member: her delivery address (GET/PUT /api/orders/delivery-address) and the studios
 * to pick up from (GET /api/orders/studios), with the parts that show them. The item page's booking
 * panel, a waitlist hold's dialog, the account's "Addresses and pickup" page and /pickup-location
 * use them; this feature uses no other.
 */
export { DeliveryChoice, DeliveryAddressSection, StudioChooser } from './components/delivery-choice';
export {
  deliveryAddressQueryKey,
  getDeliveryAddressQueryOptions,
  getStudiosQueryOptions,
  useDeliveryAddress,
  useStudios,
} from './api/get-delivery';
