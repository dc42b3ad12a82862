import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { bellLabel } from '@domain/notifications.rules';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../api/get-unread-count';

/** The bell in the navigation: a link to /notifications with the unread count (members only). */
export function NotificationBell({ className }: { className?: string }) {
  const { data } = useUnreadCount(true);
  const unread = data?.unreadCount ?? 0;
  return (
    <Link
      to={paths.notifications}
      aria-label={bellLabel(unread)}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand/70',
        className,
      )}
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-clay px-1.5 py-0.5 text-center text-[0.65rem] leading-none font-semibold text-ivory"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
