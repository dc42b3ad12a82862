import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client';
import { errorToastFor, showErrorToast } from './error-toast';

/**
 * The data cache. Failures are shown in one place (decision 0014): a failed mutation shows a
 * toast unless its `meta.errorToast` says otherwise; a failed query shows one only when its
 * `meta.errorToast` asks for it (pages show their own error state, with a retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
        refetchOnWindowFocus: false,
        // Do not retry what the server refused on purpose (4xx); retry network blips once.
        retry: (count, err) => !(err instanceof ApiClientError && err.status >= 400 && err.status < 500) && count < 1,
      },
    },
  });
}
