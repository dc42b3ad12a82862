import { useEffect } from 'react';
import { markPageLive } from '../lib/query-client';

/**
 * Marks the document once the page itself is live (hydrated: it sits inside the layout's Suspense
 * boundary, which hydrates on its own): `<html data-app="ready">`. The session is known by then
 * (the server read it). It draws nothing, so the hydrated markup is the server's. Browser tests
 * wait for it. From then on a query that mounts refetches what is stale (lib/query-client.ts); the
 * queries the page mounted while it hydrated used the data its document came with.
 */
export function ReadyMarker() {
  useEffect(() => {
    markPageLive();
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
