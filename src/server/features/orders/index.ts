// The orders feature's public entry: orders and receipts, studios, delivery addresses.
export { createOrdersRoutes } from './orders.routes';
export { createOrdersService, type NewOrder, type OrdersService, type ResolvedDelivery } from './orders.service';
