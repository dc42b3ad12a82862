import type { ReactNode } from 'react';
import { CalendarX2, Inbox, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { BookingRequest } from '@domain/lending';
import { LENDING_MESSAGES } from '@domain/lending.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getListingsQueryOptions, useListings } from '../../listings';
import { getRequestsQueryOptions, useRequests } from '../api/get-requests';
import { RequestCard } from '../components/request-card';
import { lendingPaths } from '../lib/lending-text';
import type { Route } from './+types/requests';

/** Her requests, and her listed pieces (their calendars' links). */
const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getRequestsQueryOptions()),
    queryClient.prefetchQuery(getListingsQueryOptions()),
  ]);

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Requests · Rentique',
    description: 'Requests to borrow your pieces, and the pieces you asked to borrow.',
    noindex: true,
  });

/** /requests (members): requests for her pieces (accept or decline within 48 hours) and the requests she made. */
export default function Component() {
  const { data, isPending, isError, refetch } = useRequests();
  const waiting = data?.incoming.filter((r) => r.status === 'pending').length ?? 0;
  return (
    <div className="container-page max-w-4xl pb-24">
      <PageHeader eyebrow="Lending" title="Requests">
        Members ask to borrow your pieces here; you have 48 hours to accept or decline. Your own requests and their
        handovers are here too.
      </PageHeader>
      {isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading requests">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : isError ? (
        <LoadError title="We couldn't load your requests" onRetry={() => void refetch()} />
      ) : (
        <Tabs defaultValue={data.incoming.length || !data.outgoing.length ? 'incoming' : 'outgoing'}>
          <TabsList aria-label="Requests">
            <TabsTrigger value="incoming">For your pieces{waiting ? ` (${waiting})` : ''}</TabsTrigger>
            <TabsTrigger value="outgoing">Your requests</TabsTrigger>
          </TabsList>
          <TabsContent value="incoming" className="mt-6">
            <RequestList
              requests={data.incoming}
              label="Requests for your pieces"
              empty={
                <EmptyState title="No requests yet" icon={<Inbox className="size-8" aria-hidden="true" />}>
                  <p>
                    When a member asks to borrow one of your pieces, you will find her request here and in your
                    notifications.
                  </p>
                </EmptyState>
              }
            />
            <YourCalendars />
          </TabsContent>
          <TabsContent value="outgoing" className="mt-6">
            <RequestList
              requests={data.outgoing}
              label="Your requests"
              empty={
                <EmptyState
                  title="You have not asked for a piece yet"
                  icon={<Send className="size-8" aria-hidden="true" />}
                >
                  <p>{LENDING_MESSAGES.requestRule}</p>
                  <Button asChild className="mt-5">
                    <Link to={paths.browse}>Browse the collection</Link>
                  </Button>
                </EmptyState>
              }
            />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function RequestList({ requests, label, empty }: { requests: BookingRequest[]; label: string; empty: ReactNode }) {
  if (requests.length === 0) return <>{empty}</>;
  return (
    <ul className="space-y-4" aria-label={label}>
      {requests.map((r) => (
        <li key={r.id}>
          <RequestCard request={r} />
        </li>
      ))}
    </ul>
  );
}

/** Her listed pieces, each with a link to its calendar (days she blocks). */
function YourCalendars() {
  const { data } = useListings();
  const live = data?.listings ?? [];
  if (live.length === 0) return null;
  return (
    <section aria-labelledby="calendars-title" className="mt-12">
      <h2 id="calendars-title" className="font-display text-2xl">
        Your pieces' calendars
      </h2>
      <p className="mt-1 text-sm text-taupe">
        Set each piece’s policy (cancellation, notice, days, discount) and block the days it is not available; nobody
        can request it for them.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {live.map((l) => (
          <li key={l.id}>
            <Link
              to={lendingPaths.calendar(l.id)}
              className="flex items-center gap-3 rounded-md border border-linen/80 bg-paper p-3 transition-colors hover:border-ink/40 focus-visible:outline-2 focus-visible:outline-ink"
            >
              <img src={l.imageUrl} alt="" className="size-14 rounded-sm bg-sand object-cover" loading="lazy" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{l.name}</span>
                <span className="text-sm text-taupe">Policy, blocked dates and calendar feed</span>
              </span>
              <CalendarX2 className="size-5 text-stone" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
