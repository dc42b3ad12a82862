import {
  dehydrate,
  hashKey,
  type DehydratedState,
  type InferDataFromTag,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { data, redirect, type AppLoadContext } from 'react-router';
import type { PageUser } from '@domain/page-context';
import { paths } from '../config/paths';
import { ApiClientError, createApi } from './api-client';
import { browserQueryClient, createQueryClient } from './query-client';
import { browserUser } from './session';
import './load-context';

/**
 * What a page's loader hands the page (decisions 0027, 0054). On the server: the queries it
 * fetched, dehydrated (the root component hydrates every matched route's state into the query
 * cache before the page renders, app/route-data.tsx, so the page's hooks find their data at once).
 * In the browser its client loader fills the browser's cache itself, so there is nothing to hand.
 */
export interface PageData {
  dehydratedState?: DehydratedState;
  /** 404 when the page's main query found nothing (an unknown item); else 200. */
  status: number;
}

/**
 * The queries a page needs before it is drawn, the one list its loader (on the server) and its
 * client loader (in the browser) both ensure: `queryClient.ensureQueryData(options)` for what the
 * page cannot be drawn without (its failure is the page's: a 404 makes it a 404), prefetchQuery
 * for what it can show an error state for. `user` is who is visiting (null for a visitor).
 */
export type PageQueries = (queryClient: QueryClient, user: PageUser | null) => Promise<unknown>;

/** Until no query of `queryClient` is fetching (a failed one may leave others in flight). */
function settled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/** Runs `fill`; its status: 404 when a query it needed was answered 404. A redirect is thrown on. */
async function ensure(queryClient: QueryClient, fill: PageQueries, user: PageUser | null): Promise<number> {
  try {
    await fill(queryClient, user);
    return 200;
  } catch (err) {
    if (err instanceof Response) throw err; // a redirect the loader decided on
    await settled(queryClient);
    return err instanceof ApiClientError && err.status === 404 ? 404 : 200;
  }
}

/**
 * On the server: runs `fill` against a fresh query client for this request, whose API calls go to
 * the app in-process as the request's member, carrying the session the request already read
 * (context.apiFetch, decision 0054), and dehydrates what it fetched. A query that fails is left out
 * (the page shows its own error state); one the page needed answered 404 makes the status 404.
 */
export async function prefetch(context: AppLoadContext, fill: PageQueries): Promise<Required<PageData>> {
  const queryClient = createQueryClient(createApi(context.apiFetch, context.origin));
  const status = await ensure(queryClient, fill, context.user);
  return { dehydratedState: dehydrate(queryClient), status };
}

/**
 * The data of one query in a page's loader data (for `meta`, which runs beside the page, not in
 * it): `queryDataIn(loaderData, getItemQueryOptions(id).queryKey)`. In the browser, after a client
 * navigation, the client loader put it in the browser's cache, where it is read.
 */
export function queryDataIn<TKey extends QueryKey>(
  page: Partial<PageData> | null | undefined,
  queryKey: TKey,
): InferDataFromTag<unknown, TKey> | undefined {
  const hash = hashKey(queryKey);
  const sent = page?.dehydratedState?.queries.find((q) => q.queryHash === hash)?.state.data as
    InferDataFromTag<unknown, TKey> | undefined;
  if (sent !== undefined || typeof window === 'undefined') return sent;
  return browserQueryClient().getQueryData(queryKey);
}

/** A page's `loader`: its queries, fetched on the server, with the page's HTTP status (see prefetch). */
export async function loadPage(context: AppLoadContext, fill: PageQueries) {
  const page = await prefetch(context, fill);
  return data(page, { status: page.status });
}

/**
 * A page's `clientLoader`: once the app runs in the browser, a navigation ensures the same queries
 * in the browser's cache (what is there already is used at once; TanStack Query refreshes what is
 * stale behind it), and the page is drawn when they are in, as on a first visit, while the shell
 * shows the navigation is under way. The server's loader runs only for documents.
 */
export async function clientLoadPage(fill: PageQueries): Promise<PageData> {
  return { status: await ensure(browserQueryClient(), fill, await browserUser()) };
}

/** A client loader's answer for an address that cannot name anything (an id that is not a number). */
export function pageNotFound(): PageData {
  return { status: 404 };
}

/** Where the login gate sends a visitor who asked for `url` (decision 0027: /login?from=...). */
export function loginRedirect(url: URL): Response {
  return redirect(`${paths.login}?from=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * For loaders of member pages: the visitor is sent to sign in first (by the server, before any
 * page is drawn). The member section's own loader does this for its pages; a page that reads the
 * member itself can call it too.
 */
export function requireMember(context: AppLoadContext, request: Request) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  return context.user;
}
