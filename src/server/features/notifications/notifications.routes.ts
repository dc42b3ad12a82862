import { NotificationListQuerySchema, NotificationPageSchema, UnreadCountSchema } from '../../../domain/notifications';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { NotificationsService } from './notifications.service';

const list = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Notifications'],
  summary: "The member's notifications, newest first, with the unread count",
  request: { query: NotificationListQuerySchema },
  responses: { 200: jsonContent(NotificationPageSchema, 'A page of notifications'), ...errorResponses(400, 401) },
});

const unread = memberRoute({
  method: 'get',
  path: '/unread-count',
  tags: ['Notifications'],
  summary: 'How many notifications are unread (the bell in the navigation)',
  responses: { 200: jsonContent(UnreadCountSchema, 'The unread count'), ...errorResponses(401) },
});

const markRead = memberRoute({
  method: 'post',
  path: '/{id}/read',
  tags: ['Notifications'],
  summary: 'Mark one notification read',
  request: { params: IdParams },
  responses: { 200: jsonContent(UnreadCountSchema, 'The unread count after'), ...errorResponses(400, 401, 404) },
});

const markAll = memberRoute({
  method: 'post',
  path: '/read-all',
  tags: ['Notifications'],
  summary: 'Mark every notification read',
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
    .openapi(markRead, async (c) =>
      c.json({ unreadCount: await service.markRead(c.var.user.id, c.req.valid('param').id) }, 200),
    );
}
