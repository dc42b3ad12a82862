import { createRoute } from '@hono/zod-openapi';
import { DashboardSchema } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/middleware';
import { errorResponses, jsonContent, newRouter } from '../../http/openapi';
import type { DashboardService } from './dashboard.service';

const getDashboard = createRoute({
  method: 'get',
  path: '/',
  tags: ['Dashboard'],
  summary: "The member's dashboard figures: name, water saved, earnings, 3 recommendations, appointment form URL",
  security: [{ cookieAuth: [] }],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(DashboardSchema, 'The dashboard'), ...errorResponses(401) },
});

export function createDashboardRoutes(ctx: AppContext, service: DashboardService) {
  return newRouter().openapi(getDashboard, async (c) => c.json(await service.get(c.var.user.id), 200));
}
