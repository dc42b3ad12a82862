import { DashboardSchema } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { DashboardService } from './dashboard.service';

const getDashboard = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Dashboard'],
  summary: "The member's dashboard figures: name, water saved, earnings, 3 recommendations, appointment form URL",
  responses: { 200: jsonContent(DashboardSchema, 'The dashboard'), ...errorResponses(401) },
});

export function createDashboardRoutes(ctx: AppContext, service: DashboardService) {
  return newRouter().openapi(getDashboard, async (c) => c.json(await service.get(c.var.user.id), 200));
}
