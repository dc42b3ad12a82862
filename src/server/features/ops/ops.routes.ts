import { AuditPageSchema, AuditQuerySchema, AUDIT_SUBJECT_TYPES } from '../../../domain/ops';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { staffOnly } from './desk-parts.routes';
import { createInventoryRoutes } from './inventory.routes';
import { createListingReviewRoutes } from './listing-review.routes';
import type { OpsService } from './ops.service';
import { createUnitLifeRoutes } from './unit-life.routes';

export { OPS_UPLOAD_ROUTE } from './desk-parts.routes';

const auditLog = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/audit',
  summary: 'The audit log, newest first, filtered by actor, action or subject',
  description: `subjectType is one of ${AUDIT_SUBJECT_TYPES.join(', ')} (400 otherwise).`,
  request: { query: AuditQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, 'A page of entries'), ...errorResponses(400, 401, 403) },
});

/**
 * The operations desk, mounted at /api/ops (staff only, never cached): the review of members'
 * listings, the audit log, the unit's life (today's board, rentals, units) and the inventory,
 * each area its own router.
 */
export function createOpsRoutes(_ctx: AppContext, service: OpsService) {
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .route('/', createListingReviewRoutes(service))
    .openapi(auditLog, async (c) => c.json(await service.auditLog(c.req.valid('query')), 200))
    .route('/', createUnitLifeRoutes(service))
    .route('/', createInventoryRoutes(service));
}
