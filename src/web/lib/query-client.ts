import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError, createBrowserApi, type Api } from './api-client';
import { errorToastFor, showErrorToast } from './error-toast';

/**
 * A query client that carries the API client its queries and mutations call: the browser's, or
 * (in a loader on the server) one that calls the app in-process as the request's member. Query
 * and mutation functions reach it through their context (`({ client }) => apiOf(client).GET(...)`),
 * so no module holds a client that requests would share.
 */
class AppQueryClient extends QueryClient {
  constructor(
    readonly api: Api | null,
    config: ConstructorParameters<typeof QueryClient>[0],
  ) {
    super(config);
  }
}

/** The API client of `client` (made by createQueryClient). */
export function apiOf(client: QueryClient): Api {
  const api = client instanceof AppQueryClient ? client.api : null;
  // The server renders from the data its loaders fetched; a query left to fetch there would be a
  // page that forgot to prefetch it (useQuery never fetches while rendering on the server).
  if (!api)
    throw new Error('This query client calls no API (a render on the server only reads the data its loaders fetched).');
  return api;
}

/**
 * False until the first page is live (app/ready-marker.tsx). The queries that mount while a
 * document hydrates use the data it came with, which the server fetched a moment before, however
 * short their freshness (the desk's lists are stale at once); every later mount refetches stale
 * data as usual. Without it a document's data would be fetched twice, the second time while the
 * page hydrates.
 */
let pageLive = false;

/** The first page has hydrated: from now on a mounting query refetches what is stale. */
export function markPageLive(): void {
  pageLive = true;
}

/**
 * The data cache. Failures are shown in one place (decision 0014): a failed mutation shows a
 * toast unless its `meta.errorToast` says otherwise; a failed query shows one only when its
 * `meta.errorToast` asks for it (pages show their own error state, with a retry).
 */
export function createQueryClient(api: Api | null): QueryClient {
  return new AppQueryClient(api, {
    queryCache: new QueryCache({
      onError: (error, query) => {
        const meta = query.meta?.errorToast;
        if (meta === undefined) return;
        const t = errorToastFor(error, meta);
        if (t) showErrorToast(t);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        const t = errorToastFor(error, mutation.meta?.errorToast, variables);
        if (t) showErrorToast(t);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnMount: () => pageLive,
        refetchOnWindowFocus: false,
        // Do not retry what the server refused on purpose (4xx); retry network blips once.
        retry: (count, err) => !(err instanceof ApiClientError && err.status >= 400 && err.status < 500) && count < 1,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache (decision 0054): the page's components read it, and the routes'
 * client loaders fill it before a navigation draws the page. Never called on the server, where
 * each request has its own (lib/page-data.ts).
 */
export function browserQueryClient(): QueryClient {
  return (browserClient ??= createQueryClient(createBrowserApi()));
}
