import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PHOTO_BYTES } from '../../../domain/listings';
import {
  FitDetailsSchema,
  FitDetailsStateSchema,
  ItemReviewsQuerySchema,
  ItemReviewsSchema,
  MAX_REVIEW_PHOTOS,
  MyReviewsSchema,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  ReviewInputSchema,
  ReviewSchema,
  SizeAdviceSchema,
} from '../../../domain/reviews';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { parseDataField, photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { ReviewsService } from './reviews.service';

/** The review form takes photos: its body limit is the upload one (see app.ts). */
export const REVIEW_UPLOAD_ROUTE = /^\/api\/reviews\/rentals\/\d{1,10}\/?$/;

const MAX_DATA_BYTES = 16 * 1024;

const PhotoParams = IdParams.extend({
  position: z
    .string()
    .regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_REVIEW_PHOTOS - 1}` })
    .transform(Number),
});

const reviewBody = photoFormBody(
  {
    max: MAX_REVIEW_PHOTOS,
    required: false,
    description: `0 to ${MAX_REVIEW_PHOTOS} photos (JPEG, PNG or WebP, checked by content; at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each), re-encoded by the server.`,
  },
  {
    maxLength: MAX_DATA_BYTES,
    description: 'The review as JSON (ReviewInput): rating, fit, sizeWorn, occasion, text, fitDetails',
  },
);

const postReview = memberRoute({
  method: 'post',
  path: '/rentals/{id}',
  tags: ['Reviews'],
  summary: 'Review a returned rental once (multipart: data + up to 3 photos)',
  description:
    'Only the renter, once the piece went out and came back (sent back or checked in): 404 not hers, 409 not returned or already reviewed, checked before the body is read. ' +
    'One review per rental, even when sent several times at once (409 for the others). Photos are checked as they arrive like listing photos (400 too many, 413, 415). ' +
    "Fit details given are kept on her profile. The item's rating and count (seed plus real reviews) change in the same transaction.",
  request: { params: IdParams, body: reviewBody },
  responses: { 201: jsonContent(ReviewSchema, 'The review'), ...errorResponses(400, 401, 404, 409, 413, 415) },
});

const itemReviews = createRoute({
  method: 'get',
  path: '/items/{id}',
  tags: ['Reviews'],
  summary: "An item's reviews, newest first, with its rating, count and fit summary",
  description: `Pages of ${REVIEW_PAGE_SIZE}; \`before\` is the previous page's nextBefore; \`size\` keeps the reviews of members who wore that size.`,
  request: { params: IdParams, query: ItemReviewsQuerySchema },
  responses: { 200: jsonContent(ItemReviewsSchema, 'Reviews'), ...errorResponses(400, 404) },
});

const reviewPhoto = createRoute({
  method: 'get',
  path: '/{id}/photos/{position}',
  tags: ['Reviews'],
  summary: "A review's photo (WebP)",
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 404),
  },
});

const sizeAdvice = memberRoute({
  method: 'get',
  path: '/items/{id}/size-advice',
  tags: ['Reviews'],
  summary: 'Which size members like her (height within 5 cm, same usual size) wore, and how it fit',
  description:
    'Needs her height and usual size (status no_fit_details otherwise). Below 3 similar reviews: status not_enough_data, never a guess.',
  request: { params: IdParams },
  responses: { 200: jsonContent(SizeAdviceSchema, 'Size advice'), ...errorResponses(400, 401, 404) },
});

const mine = memberRoute({
  method: 'get',
  path: '/mine',
  tags: ['Reviews'],
  summary: 'Her returned rentals (to review, or reviewed) and her fit details',
  responses: { 200: jsonContent(MyReviewsSchema, 'Returned rentals'), ...errorResponses(401) },
});

const getFit = memberRoute({
  method: 'get',
  path: '/fit-details',
  tags: ['Reviews'],
  summary: 'Her fit details: height, bust, waist, hips (cm) and usual size',
  responses: { 200: jsonContent(FitDetailsStateSchema, 'Fit details'), ...errorResponses(401) },
});

const putFit = memberRoute({
  method: 'put',
  path: '/fit-details',
  tags: ['Reviews'],
  summary: 'Save her fit details (null clears a value)',
  request: { body: jsonBody(FitDetailsSchema) },
  responses: { 200: jsonContent(FitDetailsStateSchema, 'Fit details'), ...errorResponses(400, 401) },
});

const tooManyPhotos = () =>
  new HttpError('VALIDATION_FAILED', REVIEW_MESSAGES.tooManyPhotos, {
    issues: [{ path: 'photos', message: REVIEW_MESSAGES.tooManyPhotos }],
  });

/**
 * Everything of this feature, mounted once under /api/reviews (decision 0055): a rental's review
 * (POST /api/reviews/rentals/{id}), an item's reviews and size advice (/api/reviews/items/{id},
 * /api/reviews/items/{id}/size-advice), a review's photos (/api/reviews/{id}/photos/{position}),
 * her reviews (/api/reviews/mine) and her fit details (/api/reviews/fit-details).
 */
export function createReviewsRoutes(_ctx: AppContext, service: ReviewsService) {
  return newRouter()
    .openapi(postReview, async (c) => {
      const userId = c.var.user.id;
      const { id } = c.req.valid('param');
      await service.checkReviewable(userId, id); // 404 / 409 before a byte of the body is read
      const form = await readPhotoUpload(c.req.raw, {
        fields: ['data'],
        maxFiles: MAX_REVIEW_PHOTOS,
        maxFieldBytes: MAX_DATA_BYTES,
        tooManyFiles: tooManyPhotos,
      });
      return c.json(
        await service.create(
          userId,
          id,
          parseDataField(form.fields.get('data'), ReviewInputSchema, 'review'),
          form.files,
        ),
        201,
      );
    })
    .openapi(itemReviews, async (c) =>
      c.json(await service.itemReviews(c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(reviewPhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      const photo = await service.photo(id, position);
      if (!photo) throw notFound('Photo not found');
      return c.body(new Uint8Array(photo.data), 200, {
        'content-type': photo.contentType,
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
      });
    })
    .openapi(sizeAdvice, async (c) => c.json(await service.sizeAdvice(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(mine, async (c) => c.json(await service.mine(c.var.user.id), 200))
    .openapi(getFit, async (c) => c.json(await service.getFit(c.var.user.id), 200))
    .openapi(putFit, async (c) => c.json(await service.setFit(c.var.user.id, c.req.valid('json')), 200));
}
