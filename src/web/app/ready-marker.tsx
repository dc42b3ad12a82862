import { useEffect } from 'react';

/**
 * Marks the document once the page itself is live (hydrated: it sits inside the layout's Suspense
 * boundary, which hydrates on its own): `<html data-app="ready">`. The session is known by then
 * (the server read it). It draws nothing, so the hydrated markup is the server's. Browser tests
 * wait for it.
 */
export function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
