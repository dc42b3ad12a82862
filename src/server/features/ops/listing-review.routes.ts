import {
  RejectListingSchema,
  ReviewListingSchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
} from '../../../domain/ops';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { staffOnly } from './desk-parts.routes';
import type { OpsService } from './ops.service';

/* Members' listings waiting for review: the queue, one listing, approving and rejecting it. */

const reviewQueue = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/listings',
  summary: "Members' listings waiting for review (or, with status, approved or rejected ones)",
  request: { query: ReviewQueueQuerySchema },
  responses: {
    200: jsonContent(ReviewQueueSchema, 'Listings, oldest submission first'),
    ...errorResponses(400, 401, 403),
  },
});

const reviewOne = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/listings/{id}',
  summary: 'One member listing with its photos, owner and review state',
  request: { params: IdParams },
  responses: { 200: jsonContent(ReviewListingSchema, 'The listing'), ...errorResponses(400, 401, 403, 404) },
});

const approve = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/listings/{id}/approve',
  summary: 'Approve a listing: it becomes public; the member is notified; audited',
  request: { params: IdParams },
  responses: {
    200: jsonContent(ReviewListingSchema, 'The approved listing'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const reject = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/listings/{id}/reject',
  summary: 'Reject a listing with a reason the member sees; she is notified; audited',
  request: { params: IdParams, body: jsonBody(RejectListingSchema) },
  responses: {
    200: jsonContent(ReviewListingSchema, 'The rejected listing'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function createListingReviewRoutes(service: OpsService) {
  return newRouter()
    .openapi(reviewQueue, async (c) => c.json(await service.reviewQueue(c.req.valid('query').status), 200))
    .openapi(reviewOne, async (c) => c.json(await service.reviewListing(c.req.valid('param').id), 200))
    .openapi(approve, async (c) =>
      c.json(await service.approve(c.var.user, c.req.valid('param').id, c.var.requestId ?? null), 200),
    )
    .openapi(reject, async (c) =>
      c.json(
        await service.reject(c.var.user, c.req.valid('param').id, c.req.valid('json').reason, c.var.requestId ?? null),
        200,
      ),
    );
}
