/** The rentals feature's public API: Add to Cart (item page), the Renting tab (dashboard) */
export { AddToCartButton, ADD_TO_CART_REDIRECT_MS } from './components/add-to-cart';
export { RentingTab } from './components/renting-tab';
export { rentalsQueryKey, useRentals } from './api/get-rentals';
export { getRentalsQueryOptions } from './api/get-rentals';
export { BookingPanel, type ChosenBooking } from './components/booking-panel';
export { addToCartAction, type AddToCartRefused } from './lib/add-to-cart-action';
