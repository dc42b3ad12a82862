import {
  dehydrate,
  hashKey,
  type DehydratedState,
  type InferDataFromTag,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../config/paths';
import { ApiClientError, createApi } from './api-client';
import { createQueryClient } from './query-client';
import './load-context';

/**
 * What a page's loader hands the page (decision 0027): the queries it fetched on the server,
 * dehydrated. The root component hydrates every matched route's state into the browser's query
 * cache before the page renders (app/route-data.tsx), so the page's own hooks (features/x/api)
 * find their data at once, on the server and in the browser's first render alike.
 */
export interface PageData {
  dehydratedState: DehydratedState;
  /** 404 when the page's main query found nothing (an unknown item); else 200. */
  status: number;
}

/**
 * Runs `fill` against a fresh query client for this request whose API calls go to the app
 * in-process as the request's member (her cookie is forwarded), and dehydrates what it fetched.
 * A query that fails is left out (the page shows its own error state or fetches it again in the
 * browser); one answered 404 makes the page's status 404.
 */
export async function prefetch(
  context: AppLoadContext,
  fill: (queryClient: QueryClient) => Promise<unknown>,
): Promise<PageData> {
  const queryClient = createQueryClient(createApi(context.apiFetch, context.origin));
  let status = 200;
  try {
    await fill(queryClient);
  } catch (err) {
    if (err instanceof Response) throw err; // a redirect the loader decided on
    if (err instanceof ApiClientError && err.status === 404) status = 404;
  }
  return { dehydratedState: dehydrate(queryClient), status };
}

/**
 * The data of one query in a page's loader data (for `meta`, which runs beside the page, not in
 * it): `queryDataIn(loaderData, getItemQueryOptions(id).queryKey)`.
 */
export function queryDataIn<TKey extends QueryKey>(
  page: Partial<PageData> | null | undefined,
  queryKey: TKey,
): InferDataFromTag<unknown, TKey> | undefined {
  const hash = hashKey(queryKey);
  return page?.dehydratedState?.queries.find((q) => q.queryHash === hash)?.state.data as
    InferDataFromTag<unknown, TKey> | undefined;
}

/** A loader's answer: the page's prefetched data, with its HTTP status (see prefetch). */
export async function loadPage(context: AppLoadContext, fill: (queryClient: QueryClient) => Promise<unknown>) {
  const page = await prefetch(context, fill);
  return data(page, { status: page.status });
}

/**
 * The `clientLoader` of every route that has a server loader: once the app is running in the
 * browser, a navigation does not ask the server for the page's data; the page's queries fetch it
 * through TanStack Query's cache (with its loading states), as the app always did. The server
 * loader runs for the document a browser asks for (a first visit, a reload, a link opened anew).
 */
export function browserLoader(): null {
  return null;
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
