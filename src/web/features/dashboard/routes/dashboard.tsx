import { LogOut, Sparkles } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { SignOutButton } from '../../../components/sign-out-button';
import { StyleAssistant } from '../../assistant';
import { EventsTab, getEventsQueryOptions, loadEventsTab, rsvpAction } from '../../events';
import { ListingTab, getListingsQueryOptions, loadListingTab } from '../../listings';
import { afterManagedAction, getCareQueryOptions, isManagedForm, managedAction } from '../../managed';
import { getStudiosQueryOptions } from '../../delivery';
import { getSubscriptionQueryOptions } from '../../plans';
import { RentingTab, getRentalsQueryOptions } from '../../rentals';
import { coverAction, isCoverForm, prefetchRentalProtection } from '../../protection';
import { getRatingsQueryOptions, RatingsToWrite } from '../../ratings';
import { getMyReviewsQueryOptions, ReviewsToWrite } from '../../reviews';
import { BookAppointmentButton } from '../../support';
import { WaitlistPanel, getWaitlistQueryOptions } from '../../waitlist';
import { getDashboardQueryOptions, useDashboard } from '../api/get-dashboard';
import { AccountSettingsButton } from '../components/account-settings';
import { QuickActions } from '../components/quick-actions';
import { Recommendations } from '../components/recommendations';
import { EarningsCard, SubscriptionCard, WaterCard } from '../components/summary-cards';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/dashboard';
import { onIntent } from '../../../lib/intent';

const TABS = ['renting', 'listing', 'events'] as const;
/** ?tab=listing|events opens that tab (links in notifications); renting otherwise. */
const tabOf = (params: URLSearchParams) => TABS.find((t) => t === params.get('tab')) ?? 'renting';

/** The tabs whose code loads when they are opened (decision 0081), and how to start that load. */
const TAB_CODE: Partial<Record<(typeof TABS)[number], () => Promise<unknown>>> = {
  listing: loadListingTab,
  events: loadEventsTab,
};

// A page drawn on the Listing or Events tab asks for that tab's code with the route's own, so the
// tab is live as soon as the page around it (a click on it is not lost to a later fetch).
if (typeof document !== 'undefined') void TAB_CODE[tabOf(new URLSearchParams(window.location.search))]?.();

/**
 * Her figures, her plan, what she waits for or has to review and rate, and the open tab's list,
 * so the dashboard's first paint is hers (the sections above the tabs do not appear later and
 * push the page down).
 */
const queries =
  (url: URL): PageQueries =>
  (queryClient) => {
    const tab = tabOf(url.searchParams);
    return Promise.all([
      queryClient.prefetchQuery(getDashboardQueryOptions()),
      queryClient.prefetchQuery(getSubscriptionQueryOptions()),
      queryClient.prefetchQuery(getWaitlistQueryOptions()),
      queryClient.prefetchQuery(getMyReviewsQueryOptions()),
      queryClient.prefetchQuery(getRatingsQueryOptions()),
      // Her open rentals, then each one's protection: the cover forms are in the first paint (before the app runs).
      tab === 'renting' &&
        queryClient.fetchQuery(getRentalsQueryOptions()).then(
          (d) =>
            prefetchRentalProtection(
              queryClient,
              d.rentals.filter((r) => r.status !== 'cancelled' && r.status !== 'kept').map((r) => r.id),
            ),
          () => undefined,
        ),
      tab === 'listing' && queryClient.prefetchQuery(getListingsQueryOptions()),
      // Her managed pieces and the studios: their forms are in the first paint (before the app runs).
      tab === 'listing' && queryClient.prefetchQuery(getCareQueryOptions()),
      tab === 'listing' && queryClient.prefetchQuery(getStudiosQueryOptions()),
      tab === 'events' && queryClient.prefetchQuery(getEventsQueryOptions()),
    ]);
  };

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPage(context, queries(new URL(request.url)));
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  // A tab's code with its data, so a link to ?tab=listing|events opens on the tab, not its placeholder.
  const [data] = await Promise.all([clientLoadPage(queries(url)), TAB_CODE[tabOf(url.searchParams)]?.()]);
  return data;
}

/**
 * POST /dashboard, before the app runs: a rental's Add damage cover form (`intent=cover`, the
 * protection feature adds it) or an event's RSVP form (the events feature reserves it); before
 * and after: her managed pieces' forms (`intent=managed-...`, the managed feature's).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isCoverForm(request)) return coverAction(request, context);
  if (await isManagedForm(request)) return managedAction(request, context);
  return rsvpAction(request, context);
}

/** Once the app runs: the server's action, then what a managed piece's form changed read again. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterManagedAction(serverAction);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your account · Rentique',
    description: 'Your Rentique dashboard: your plan, rentals, listings, events and earnings.',
    noindex: true,
  });

/** /dashboard: the member's home: plan, savings, earnings, rentals, listings, events, suggestions. */
export default function Component() {
  const { data: session } = useSession();
  const dashboard = useDashboard();
  const [assistantOpen, setAssistantOpen] = useState(false);
  // ?tab=listing|events opens that tab (links in notifications).
  const [params] = useSearchParams();
  const tab = tabOf(params);

  const fullName = dashboard.data?.fullName ?? session?.user.name ?? '';
  const firstName = fullName.trim().split(/\s+/)[0] ?? '';

  return (
    <div className="container-page pb-24">
      <header className="flex flex-col gap-6 pt-12 pb-10 md:flex-row md:items-end md:justify-between md:pt-16">
        <div>
          <p className="eyebrow mb-3">Your account</p>
          <h1 className="text-display-lg">{firstName ? `Welcome back, ${firstName}` : 'Welcome back'}</h1>
          <p className="mt-3 max-w-xl text-[0.95rem] text-taupe">
            Your wardrobe, on rotation: what you are wearing, what you lend, and what is coming up.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={() => setAssistantOpen(true)}>
            <Sparkles aria-hidden="true" /> AI Agent
          </Button>
          <BookAppointmentButton variant="outline" size="sm" />
          <AccountSettingsButton />
          <SignOutButton variant="ghost" size="sm">
            <LogOut aria-hidden="true" /> Sign Out
          </SignOutButton>
        </div>
      </header>

      <div className="grid gap-5 md:grid-cols-3">
        <SubscriptionCard />
        <WaterCard
          litres={dashboard.data?.waterSavedLitres}
          rentedCount={dashboard.data?.rentedCount}
          loading={dashboard.isPending}
        />
        <EarningsCard cents={dashboard.data?.totalEarningsCents} loading={dashboard.isPending} />
      </div>

      <div className="mt-8">
        <QuickActions />
      </div>

      <ReviewsToWrite />
      <RatingsToWrite />
      <WaitlistPanel />

      {/* The tabs' pieces and events are h3s: their section is named for the outline (heading order). */}
      <h2 className="sr-only">Your wardrobe</h2>
      <Tabs defaultValue={tab} key={tab} className="mt-14">
        <TabsList aria-label="Your wardrobe" className="overflow-x-auto">
          <TabsTrigger value="renting">Renting</TabsTrigger>
          <TabsTrigger value="listing" {...onIntent(loadListingTab)}>
            Listing
          </TabsTrigger>
          <TabsTrigger value="events" {...onIntent(loadEventsTab)}>
            Events
          </TabsTrigger>
        </TabsList>
        <TabsContent value="renting" className="pt-8 focus-visible:outline-none">
          <RentingTab />
        </TabsContent>
        <TabsContent value="listing" className="pt-8 focus-visible:outline-none">
          <TabLoading label="Loading your listings">
            <ListingTab />
          </TabLoading>
        </TabsContent>
        <TabsContent value="events" className="pt-8 focus-visible:outline-none">
          <TabLoading label="Loading events">
            <EventsTab />
          </TabLoading>
        </TabsContent>
      </Tabs>

      <div className="mt-20">
        <Recommendations items={dashboard.data?.recommendations} loading={dashboard.isPending} />
      </div>

      <StyleAssistant open={assistantOpen} onOpenChange={setAssistantOpen} />
    </div>
  );
}

/** Placeholder rows while a tab's code arrives (the page drawn on the server already holds the open tab). */
function TabLoading({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<SkeletonRows label={label} count={3} rowClassName="h-24" />}>{children}</Suspense>;
}
