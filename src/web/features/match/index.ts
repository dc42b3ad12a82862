/**
 * What other features may use from match: the item page's Add to Wishlist (a button, or the hook
 * behind it).
 */
export { FavoriteButton, useFavoriteToggle } from './components/favorite-button';
export { useFavorites } from './api/get-favorites';
export { getFavoritesQueryOptions } from './api/get-favorites';
