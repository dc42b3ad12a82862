import {
  Boxes,
  CalendarDays,
  HandHeart,
  History,
  ListChecks,
  PackageOpen,
  Scale,
  ShieldAlert,
  TicketPercent,
  Recycle,
} from 'lucide-react';
import { NavLink, Outlet, data, isRouteErrorResponse, useRouteError } from 'react-router';
import { SectionErrorBoundary } from '../../../app/route-error';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { browserUser } from '../../../lib/session';
import { getReviewQueueQueryOptions, useReviewQueue } from '../api/get-review-queue';
import { StaffOnly } from '../components/staff-only';
import { deskMeta } from '../lib/desk-route';
import type { Route } from './+types/ops-layout';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getReviewQueueQueryOptions('pending'));

/**
 * The desk's gate (decision 0054), on the server: a visitor is sent to /login?from=<here>; a
 * member gets the 'Staff only' screen with status 403; staff get the desk, with the count of
 * listings waiting.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  if (context.user.role !== 'staff') throw data(null, { status: 403 });
  return loadPage(context, queries);
}

/**
 * The same gate in the browser: staff go on; anyone else is left to the server's loader, which
 * reads the session afresh (a member made staff since this tab last read it gets the desk; a
 * member still gets 403).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const user = await browserUser();
  if (user?.role !== 'staff') return serverLoader();
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Today');

const LINKS = [
  { to: paths.ops, label: 'Today', short: 'Today', icon: CalendarDays, end: true },
  { to: paths.opsCheckIn, label: 'Check-in', short: 'Check-in', icon: PackageOpen },
  { to: paths.opsInventory, label: 'Inventory', short: 'Inventory', icon: Boxes },
  { to: paths.opsListings, label: 'Listings to review', short: 'Review', icon: ListChecks, badge: 'pending' as const },
  { to: paths.opsManaged, label: 'Incoming from members', short: 'Incoming', icon: PackageOpen },
  { to: paths.opsAudit, label: 'Audit log', short: 'Audit', icon: History },
  { to: paths.opsClaims, label: 'Claims', short: 'Claims', icon: Scale },
  { to: paths.opsReports, label: 'Reports', short: 'Reports', icon: ShieldAlert },
  { to: paths.opsPromoCodes, label: 'Promo codes', short: 'Codes', icon: TicketPercent },
  { to: paths.opsPreLoved, label: 'Pre-loved', short: 'Pre-loved', icon: Recycle },
  { to: paths.opsCredit, label: 'Goodwill credit', short: 'Credit', icon: HandHeart },
] as const;

/** /ops and its pages: staff only (the loaders above). */
export default function Component() {
  return <Desk />;
}

/** A member on the desk: 'Staff only' (the gate's 403); any other failure: the desk's error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <StaffOnly />;
  return <SectionErrorBoundary section="ops" />;
}

/**
 * The operations desk's frame: a side menu at desk width, and on a phone in the warehouse a tab
 * bar along the bottom edge, where the thumb is, with targets of 64 px.
 */
function Desk() {
  const pending = useReviewQueue('pending').data?.pendingCount ?? 0;
  return (
    <div className="container-page pb-28 lg:flex lg:gap-10 lg:pb-20">
      <nav
        aria-label="Operations desk"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-linen bg-ivory/97 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:static lg:z-auto lg:w-60 lg:shrink-0 lg:border-t-0 lg:bg-transparent lg:pt-12 lg:pb-0 lg:backdrop-blur-none"
      >
        <p className="eyebrow mb-4 hidden lg:block">Operations desk</p>
        <ul className="grid grid-cols-6 lg:flex lg:flex-col lg:gap-1">
          {LINKS.map((l) => {
            const count = 'badge' in l && pending > 0 ? pending : 0;
            return (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={'end' in l}
                  aria-label={count ? `${l.label} (${count} waiting)` : l.label}
                  className={({ isActive }) =>
                    cn(
                      'relative flex min-h-16 flex-col items-center justify-center gap-1 px-1 text-[0.7rem] font-medium tracking-wide transition-colors lg:min-h-12 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-sm lg:px-3 lg:text-sm',
                      isActive ? 'text-ink lg:bg-sand' : 'text-stone hover:text-ink lg:hover:bg-sand/60',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={cn(
                          'absolute top-0 h-0.5 w-10 rounded-full lg:hidden',
                          isActive ? 'bg-ink' : 'bg-transparent',
                        )}
                      />
                      <l.icon className="size-6 lg:size-[1.15rem]" aria-hidden="true" />
                      <span className="lg:hidden">{l.short}</span>
                      <span className="hidden lg:inline">{l.label}</span>
                      {count > 0 && (
                        <span
                          aria-hidden="true"
                          className="absolute top-2 right-[calc(50%-1.6rem)] min-w-5 rounded-full bg-clay px-1.5 py-0.5 text-center text-[0.62rem] leading-none font-semibold text-ivory lg:static lg:ml-auto"
                        >
                          {count}
                        </span>
                      )}
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
