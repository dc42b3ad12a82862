import { createRoute } from '@hono/zod-openapi';
import { ProfileSchema } from '../../../domain/auth.schema';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, newRouter } from '../../http/openapi';
import { requireUser } from '../../http/middleware';
import { createAccountService } from './account.service';

const getMe = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  summary: "The signed-in member's profile",
  security: [{ cookieAuth: [] }],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(ProfileSchema, 'The profile'),
    ...errorResponses(401),
  },
});

export function createAccountRoutes(ctx: AppContext) {
  const service = createAccountService(ctx);
  return newRouter().openapi(getMe, async (c) => c.json(await service.getProfile(c.var.user.id), 200));
}
