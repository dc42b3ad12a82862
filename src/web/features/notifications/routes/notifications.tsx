import {
  BellOff,
  CalendarClock,
  CheckCheck,
  CircleCheck,
  CircleX,
  Hourglass,
  Inbox,
  MessageCircle,
  PackageCheck,
  PackageX,
  RotateCcw,
  Scale,
  ShieldAlert,
  Sparkles,
  Truck,
  Undo2,
  CreditCard,
  CirclePause,
  Search,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Notification, NotificationKind } from '@domain/notifications';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { getNotificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/notifications';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';

/** Her latest notifications. */
const queries: PageQueries = (queryClient) => queryClient.prefetchInfiniteQuery(getNotificationsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

// The title is the page's own <title> below: it counts the unread ones as they are read.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Notifications · Rentique',
    description: 'Your Rentique notifications: rentals, listings, reminders and events.',
    noindex: true,
  }).filter((m) => !('title' in m));

const ICONS: Record<NotificationKind, ReactNode> = {
  due_back_reminder: <CalendarClock className="size-5" aria-hidden="true" />,
  overdue_notice: <RotateCcw className="size-5" aria-hidden="true" />,
  rsvp_reminder: <Sparkles className="size-5" aria-hidden="true" />,
  listing_approved: <PackageCheck className="size-5" aria-hidden="true" />,
  listing_rejected: <PackageX className="size-5" aria-hidden="true" />,
  rental_dispatched: <Truck className="size-5" aria-hidden="true" />,
  claim_opened: <ShieldAlert className="size-5" aria-hidden="true" />,
  claim_decided: <Scale className="size-5" aria-hidden="true" />,
  problem_reported: <ShieldAlert className="size-5" aria-hidden="true" />,
  problem_disputed: <Scale className="size-5" aria-hidden="true" />,
  problem_resolved: <CircleCheck className="size-5" aria-hidden="true" />,
  waitlist_hold: <Hourglass className="size-5" aria-hidden="true" />,
  lending_requested: <Inbox className="size-5" aria-hidden="true" />,
  lending_accepted: <CircleCheck className="size-5" aria-hidden="true" />,
  lending_declined: <CircleX className="size-5" aria-hidden="true" />,
  lending_expired: <Hourglass className="size-5" aria-hidden="true" />,
  lending_message: <MessageCircle className="size-5" aria-hidden="true" />,
  lending_sent: <Truck className="size-5" aria-hidden="true" />,
  lending_withdrawn: <Undo2 className="size-5" aria-hidden="true" />,
  lending_cancelled: <CircleX className="size-5" aria-hidden="true" />,
  dispatch_late: <Hourglass className="size-5" aria-hidden="true" />,
  dispatch_late_cancelled: <PackageX className="size-5" aria-hidden="true" />,
  plan_renewal_declined: <CreditCard className="size-5" aria-hidden="true" />,
  plan_renewed: <CreditCard className="size-5" aria-hidden="true" />,
  plan_paused_unpaid: <CirclePause className="size-5" aria-hidden="true" />,
  piece_sold: <PackageCheck className="size-5" aria-hidden="true" />,
  managed_approved: <PackageCheck className="size-5" aria-hidden="true" />,
  managed_live: <Sparkles className="size-5" aria-hidden="true" />,
  managed_rented: <CalendarClock className="size-5" aria-hidden="true" />,
  managed_earning: <CreditCard className="size-5" aria-hidden="true" />,
  managed_rejected: <PackageX className="size-5" aria-hidden="true" />,
  managed_returned: <Truck className="size-5" aria-hidden="true" />,
  managed_term_ending: <CalendarClock className="size-5" aria-hidden="true" />,
  managed_term_ended: <Truck className="size-5" aria-hidden="true" />,
  managed_damage: <PackageX className="size-5" aria-hidden="true" />,
  saved_search_match: <Search className="size-5" aria-hidden="true" />,
};

/** /notifications (members): reminders and news about listings, newest first; mark one or all read. */
export default function Component() {
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const notifications = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  return (
    <div className="container-page max-w-3xl pb-24">
      <title>{unread ? `Notifications (${unread}) · Rentique` : 'Notifications · Rentique'}</title>
      <PageHeader eyebrow="Your account" title="Notifications">
        Reminders before a piece is due back, the day before your events, and news about the pieces you lend.
      </PageHeader>

      {list.isPending ? (
        <ul className="space-y-3" aria-busy="true" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-24 w-full" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <LoadError title="We couldn't load your notifications" onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        <EmptyState title="Nothing new" icon={<BellOff className="size-8" aria-hidden="true" />}>
          <p>
            When a rental is nearly due, an event is tomorrow or our team has reviewed a piece you lend, you will find
            it here and in your inbox.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="mb-4 flex items-center justify-between gap-3">
            <p className="text-sm text-taupe" aria-live="polite">
              {unread ? `${unread} unread` : 'All read'}
            </p>
            <Button variant="subtle" size="sm" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
              <CheckCheck aria-hidden="true" /> Mark all read
            </Button>
          </div>
          <ul className="space-y-3" aria-label="Notifications">
            {notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Show older'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function NotificationRow({ notification: n }: { notification: Notification }) {
  const markRead = useMarkRead();
  const timeZone = useTimeZone();
  const unread = n.readAt === null;
  return (
    <li>
      <article
        aria-label={n.title}
        className={cn(
          'flex gap-4 rounded-md border p-5 transition-colors',
          unread ? 'border-ink/25 bg-ivory shadow-soft' : 'border-linen/70 bg-paper',
        )}
      >
        <div className={cn('mt-0.5 shrink-0', unread ? 'text-clay' : 'text-stone')}>{ICONS[n.kind]}</div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2
              className={cn(
                'font-sans text-[0.95rem] leading-snug',
                unread ? 'font-semibold text-ink' : 'font-medium text-taupe',
              )}
            >
              {unread && <span className="sr-only">Unread: </span>}
              {n.title}
            </h2>
            <time dateTime={n.createdAt} className="text-xs text-stone">
              {formatDateTime(n.createdAt, timeZone)}
            </time>
          </div>
          <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-taupe">{n.body}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {n.link && (
              <Button asChild size="sm" variant="outline">
                <Link to={n.link} onClick={() => unread && markRead.mutate(n.id)}>
                  Open
                </Link>
              </Button>
            )}
            {unread && (
              <Button
                size="sm"
                variant="ghost"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(n.id)}
                aria-label={`Mark “${n.title}” read`}
              >
                Mark read
              </Button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
