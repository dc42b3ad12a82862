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
}

export function isSsrHandle(handle: unknown): handle is SsrHandle {
  return typeof handle === 'object' && handle !== null && (handle as { ssr?: unknown }).ssr === true;
}
