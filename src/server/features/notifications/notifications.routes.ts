import { createRoute } from '@hono/zod-openapi';
import { NotificationListQuerySchema, NotificationPageSchema, UnreadCountSchema } from '../../../domain/notifications';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/middleware';
import { errorResponses, jsonContent, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { NotificationsService } from './notifications.service';

const security = [{ cookieAuth: [] }];

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Notifications'],
  summary: "The member's notifications, newest first, with the unread count",
  security,
  middleware: [requireUser] as const,
  request: { query: NotificationListQuerySchema },
  responses: { 200: jsonContent(NotificationPageSchema, 'A page of notifications'), ...errorResponses(400, 401) },
});

const unread = createRoute({
  method: 'get',
  path: '/unread-count',
  tags: ['Notifications'],
  summary: 'How many notifications are unread (the bell in the navigation)',
  security,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(UnreadCountSchema, 'The unread count'), ...errorResponses(401) },
});

const markRead = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags: ['Notifications'],
  summary: 'Mark one notification read',
  security,
  middleware: [requireUser] as const,
  request: { params: IdParams },
  responses: { 200: jsonContent(UnreadCountSchema, 'The unread count after'), ...errorResponses(400, 401, 404) },
});

const markAll = createRoute({
  method: 'post',
  path: '/read-all',
  tags: ['Notifications'],
  summary: 'Mark every notification read',
  security,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(UnreadCountSchema, 'The unread count after (0)'), ...errorResponses(401) },
});

export function createNotificationsRoutes(ctx: AppContext, service: NotificationsService) {
  return newRouter()
    .openapi(list, async (c) => {
      const { before, limit } = c.req.valid('query');
      c.header('cache-control', 'private, no-store');
      return c.json(await service.list(c.var.user.id, before, limit), 200);
    })
    .openapi(unread, async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json({ unreadCount: await service.unreadCount(c.var.user.id) }, 200);
    })
    .openapi(markAll, async (c) => c.json({ unreadCount: await service.markAllRead(c.var.user.id) }, 200))
    .openapi(markRead, async (c) => c.json({ unreadCount: await service.markRead(c.var.user.id, c.req.valid('param').id) }, 200));
}
