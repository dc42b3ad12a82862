/** The reviews feature's public API: the item page's reviews, the dashboard's reviews to write, the account's fit details. */
export { ItemReviews } from './components/item-reviews';
export { ReviewsToWrite } from './components/reviews-to-write';
export { FitDetailsSection } from './components/fit-details-section';
export { getMyReviewsQueryOptions } from './api/get-my-reviews';
export { getItemReviewsQueryOptions } from './api/get-item-reviews';
export { getFitDetailsQueryOptions } from './api/fit-details';
