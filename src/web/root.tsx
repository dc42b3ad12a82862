// First: zod's CSP-safe setting, before any module that loads zod (see zod-config.ts).
import './zod-config';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { AppProviders } from './app/app';
import { AppFrame } from './app/layout';
import { RouteErrorBoundary } from './app/route-error';
import { RouteData } from './app/route-data';
import { getUnreadCountQueryOptions } from './features/notifications';
import { SITE_DESCRIPTION, pageMeta } from './lib/meta';
import { prefetch, type PageData } from './lib/page-data';
import { browserQueryClient, createQueryClient } from './lib/query-client';
import { trackSession, type RootData } from './lib/session';
import { rememberTimeZone } from './lib/time-zone';
import fonts from './fonts.css?url';
import stylesheet from './styles.css?url';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [{ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }];

/** The head of a page without a `meta` of its own. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Rentique · Designer fashion, by the week', description: SITE_DESCRIPTION });

/**
 * Who is visiting, for every page: the member the server read from the session cookie (or null),
 * so the navigation is hers from the first paint; for a member, her unread count too (the bell).
 * And the time zones: the one times are rendered in, and the business's (lib/time-zone.ts).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData & Partial<PageData>> {
  const { user, origin, timeZone, timeZoneOffsets, businessTimeZone, welcomeOfferPercent } = context;
  const { businessToday, businessDayEndsAt } = context;
  const root = {
    user,
    origin,
    timeZone,
    timeZoneOffsets,
    businessTimeZone,
    welcomeOfferPercent,
    businessToday,
    businessDayEndsAt,
  };
  if (!user) return root;
  return {
    ...root,
    ...(await prefetch(context, (queryClient) => queryClient.prefetchQuery(getUnreadCountQueryOptions()))),
  };
}

/**
 * In the browser the session is read again by the server (when shouldRevalidate asks), and the
 * client loaders of the pages learn who is visiting from that reading (lib/session.ts): the
 * member and desk gates decide in the browser as the server does, with no other request.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const root = serverLoader();
  trackSession(root.then((r) => r.user));
  return root;
}

/**
 * The session is read again only when asked (useSession().refetch: after signing in or out, a
 * profile change) or after a form action; a navigation keeps the one the page arrived with.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/** The document around every page (and around the root error screen). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f3ee" />
        <Meta />
        {/* Stylesheets and icons need no nonce (style-src allows our origin), and the browser has
            none to hydrate with: an empty one keeps the server's and the browser's markup equal. */}
        <Links nonce="" />
        {/* With a precedence, React sends the stylesheet ahead of the scripts' module preloads
            (React 19 stylesheet resources): the first paint waits for it alone. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* The web fonts come after the first paint (entry.client.tsx), or here without JavaScript. */}
        <noscript>
          <link rel="stylesheet" href={fonts} />
        </noscript>
      </head>
      <body>
        <div id="root">{children}</div>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The app: one query cache per browser tab (per request on the server), the frame and the page. */
export default function App() {
  const root = useLoaderData<typeof loader>();
  // On the server, pages render from what their loaders fetched: this cache calls no API. In the
  // browser, the one cache the routes' client loaders fill; who is visiting is what the page came with.
  const [queryClient] = useState(() => {
    if (typeof window === 'undefined') return createQueryClient(null);
    trackSession(root?.user ?? null);
    return browserQueryClient();
  });
  // A member's browser tells the server its zone (the tz cookie), so her next pages render times in
  // it. Visitors' pages show no time of day, and a visitor's sign-up carries no cookie but hers.
  const signedIn = !!root?.user;
  const renderedIn = root?.timeZone;
  const offsets = root?.timeZoneOffsets;
  useEffect(() => {
    if (signedIn) rememberTimeZone(renderedIn, offsets);
  }, [signedIn, renderedIn, offsets]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouteData>
        <AppFrame />
      </RouteData>
    </AppProviders>
  );
}

/** Shown when the frame itself fails: a calm message, not a blank screen. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
