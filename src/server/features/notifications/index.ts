// The notifications feature's public entry.
export { createNotificationsRoutes } from './notifications.routes';
export { createNotificationsService, type NotificationsService } from './notifications.service';
