import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATION_KINDS } from './notifications.rules';

export * from './notifications.rules';

/**
 * Notifications: an in-app message with an unread mark, and the same by e-mail. Each is made
 * once per (kind, subject, recipient). See docs/product.md "Notifications".
 */

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the app to open, e.g. /dashboard?tab=listing. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'must be a notification id from a previous page' })
    .transform(Number)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  nextBefore: z.number().int().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
