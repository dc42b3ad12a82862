import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { PageData } from '../lib/page-data';

/**
 * Puts the data the matched routes' loaders fetched on the server (lib/page-data.ts) into the
 * query cache before the pages render, so their hooks find it: on the server, and in the browser's
 * first render, which therefore draws exactly the server's markup. After a client navigation the
 * routes' client loaders have filled the browser's cache themselves (decision 0054).
 */
export function RouteData({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo<DehydratedState | undefined>(() => {
    const states = matches
      .map((m) => (m.loaderData as Partial<PageData> | null | undefined)?.dehydratedState)
      .filter((s) => s !== undefined);
    if (states.length === 0) return undefined;
    return { mutations: [], queries: states.flatMap((s) => s.queries) };
  }, [matches]);
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
