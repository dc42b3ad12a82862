import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
