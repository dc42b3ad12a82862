// The reviews feature's public entry: reviews of returned rentals, fit details, size advice.
export { REVIEW_UPLOAD_ROUTE, createReviewsRoutes } from './reviews.routes';
export { createReviewsService, reviewPhotoUrl, type ReviewsService } from './reviews.service';
export { createMemberSizes, type MemberSizes } from './member-sizes';
