/**
 * The server's way into the web app (built by `vite build --ssr`, loaded by
 * src/server/http/static.ts). Renders a public page as a visitor's browser first renders it, with
 * the page's data already fetched, so the HTML arrives painted and the browser hydrates it.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppProviders } from './app/app';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { isSsrHandle, ssrCacheKey } from './lib/ssr-handle';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache, as JSON, for the browser to hydrate with. */
  state: string;
  /** The matched routes' ids: their module paths, i.e. Vite manifest keys. */
  routeIds: string[];
}

const handler = createStaticHandler(routes);

/** How the page's data is fetched on the server: the app itself, in-process, as a visitor. */
export function setApiFetch(fetcher: (path: string, init: RequestInit) => Promise<Response>): void {
  setApiTransport(async (request) => {
    const url = new URL(request.url);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return fetcher(url.pathname + url.search, { method: request.method, headers: request.headers, ...(body ? { body } : {}) });
  });
}

/** A route's handle, loading its lazy module when needed (the static handler loads the same module again from the cache). */
async function handleOf(route: RouteObject): Promise<unknown> {
  if (route.handle !== undefined) return route.handle;
  if (typeof route.lazy === 'function') return ((await route.lazy()) as { handle?: unknown }).handle;
  return undefined;
}

/**
 * Which page `href` is, as the server's page cache needs it: the key of its HTML (everything of
 * the URL the page reads, see SsrHandle.cacheKey) and its HTTP status; null when the browser
 * renders the page (member pages). Cheap: it matches routes, it renders nothing.
 */
export async function pageKey(href: string): Promise<{ key: string; status: number } | null> {
  const url = new URL(href);
  const matches = matchRoutes(routes, url.pathname);
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return null;
  const handle = await handleOf(leaf.route);
  if (!isSsrHandle(handle)) return null;
  return { key: ssrCacheKey(handle, url, leaf.params), status: handle.status ?? 200 };
}

/**
 * Renders `href` when its page may be rendered on the server (its route exports an SsrHandle) and
 * its data loads; null otherwise (the browser renders it, as for member pages).
 */
export async function render(href: string): Promise<RenderedPage | null> {
  const url = new URL(href);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const leaf = context.matches[context.matches.length - 1];
  if (!leaf || !isSsrHandle(leaf.route.handle)) return null;
  const queryClient = createQueryClient();
  try {
    await leaf.route.handle.prefetch?.(queryClient, { url, params: leaf.params });
  } catch {
    return null; // e.g. an unknown item: the browser shows 'Item Not Found'
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    {
      onError: (err) => void errors.push(err),
      // Large parts are otherwise sent out of line and put in place by inline scripts, which the
      // CSP (script-src 'self') refuses: the page is sent whole, in order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A part that failed on the server would be drawn by the browser instead, with an error in the
  // console and inline scripts the CSP refuses: leave the whole page to the browser instead.
  if (errors.length) throw new AggregateError(errors, `server rendering of ${url.pathname} failed`);
  const html = await new Response(prelude).text();
  return { html, state: JSON.stringify(dehydrate(queryClient)), routeIds: context.matches.map((m) => m.route.id) };
}
