import type { QueryClient } from '@tanstack/react-query';

/** What a page's `prefetch` gets: the URL being rendered and the route's params. */
export interface PrefetchArgs {
  url: URL;
  params: Record<string, string | undefined>;
}

/**
 * A page that may be rendered on the server exports `handle: SsrHandle`. The server renders the
 * page as a visitor sees it before any member data arrives (the same markup the browser's first
 * render produces), after `prefetch` has put the page's public data in the query cache. A page
 * whose prefetch fails is left to the browser.
 */
export interface SsrHandle {
  ssr: true;
  prefetch?: (queryClient: QueryClient, args: PrefetchArgs) => Promise<unknown>;
  /**
   * What the server's page cache keys this page's HTML on: everything of the URL the page reads
   * (so two URLs with the same key render the same HTML). Without it, the path alone: the page
   * reads no query parameter. A page that reads some normalises them here, so `?x=1`, `?x=2` and
   * reordered parameters share one render instead of each costing one.
   */
  cacheKey?: (url: URL, params: Record<string, string | undefined>) => string;
  /** The HTTP status the page is answered with (the 404 screen: 404). */
  status?: number;
}

/** The page cache's key for a page (see SsrHandle.cacheKey). */
export function ssrCacheKey(handle: SsrHandle, url: URL, params: Record<string, string | undefined>): string {
  return handle.cacheKey ? handle.cacheKey(url, params) : url.pathname;
}

export function isSsrHandle(handle: unknown): handle is SsrHandle {
  return typeof handle === 'object' && handle !== null && (handle as { ssr?: unknown }).ssr === true;
}
