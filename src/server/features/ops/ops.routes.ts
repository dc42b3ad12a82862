import {
  AuditPageSchema,
  AuditQuerySchema,
  INVENTORY_PAGE_SIZE,
  InventoryPageSchema,
  InventoryQuerySchema,
  RejectListingSchema,
  ReviewListingSchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
  TodayBoardSchema,
} from '../../../domain/ops';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { OpsService } from './ops.service';

/** Every /api/ops route is a staffRoute: a session (401 without) with the staff role (403 for members). */
const staffOnly = { tags: ['Operations desk (staff)'] };

const reviewQueue = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/listings',
  summary: "Members' listings waiting for review (or, with status, approved or rejected ones)",
  request: { query: ReviewQueueQuerySchema },
  responses: { 200: jsonContent(ReviewQueueSchema, 'Listings, oldest submission first'), ...errorResponses(400, 401, 403) },
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
  responses: { 200: jsonContent(ReviewListingSchema, 'The approved listing'), ...errorResponses(400, 401, 403, 404, 409) },
});

const reject = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/listings/{id}/reject',
  summary: 'Reject a listing with a reason the member sees; she is notified; audited',
  request: { params: IdParams, body: jsonBody(RejectListingSchema) },
  responses: { 200: jsonContent(ReviewListingSchema, 'The rejected listing'), ...errorResponses(400, 401, 403, 404, 409) },
});

const auditLog = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/audit',
  summary: 'The audit log, newest first, filtered by actor, action or subject',
  request: { query: AuditQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, 'A page of entries'), ...errorResponses(400, 401, 403) },
});

const today = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/today',
  summary: "Today's board: rentals starting, due back, overdue, and returned today",
  responses: { 200: jsonContent(TodayBoardSchema, 'The board'), ...errorResponses(401, 403) },
});

const inventory = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/inventory',
  summary: 'The catalogue with its units per size and how many are out today',
  request: { query: InventoryQuerySchema },
  responses: { 200: jsonContent(InventoryPageSchema, 'A page of items by id'), ...errorResponses(400, 401, 403) },
});

export function createOpsRoutes(ctx: AppContext, service: OpsService) {
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(reviewQueue, async (c) => c.json(await service.reviewQueue(c.req.valid('query').status), 200))
    .openapi(reviewOne, async (c) => c.json(await service.reviewListing(c.req.valid('param').id), 200))
    .openapi(approve, async (c) => c.json(await service.approve(c.var.user, c.req.valid('param').id, c.var.requestId ?? null), 200))
    .openapi(reject, async (c) => c.json(await service.reject(c.var.user, c.req.valid('param').id, c.req.valid('json').reason, c.var.requestId ?? null), 200))
    .openapi(auditLog, async (c) => c.json(await service.auditLog(c.req.valid('query')), 200))
    .openapi(today, async (c) => c.json(await service.today(), 200))
    .openapi(inventory, async (c) => {
      const { q, after } = c.req.valid('query');
      return c.json(await service.inventory(q, after, INVENTORY_PAGE_SIZE), 200);
    });
}
