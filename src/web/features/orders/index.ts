/** The orders feature's public API (its pages are the routes: /orders and /orders/:number). */
export { getOrdersQueryOptions, getOrderQueryOptions, ordersQueryKey } from './api/get-orders';
