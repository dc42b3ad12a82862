import { useEffect } from 'react';
import { useSession } from '../lib/auth-client';

/**
 * Marks the document once the page itself is live (rendered, or hydrated: it sits inside the
 * layout's Suspense boundary, which hydrates on its own) and knows who is visiting:
 * `<html data-app="ready">`. It draws nothing, so the hydrated markup is the server's. Browser
 * tests wait for it.
 */
export function ReadyMarker() {
  const { isPending } = useSession();
  useEffect(() => {
    if (!isPending) document.documentElement.dataset.app = 'ready';
  }, [isPending]);
  return null;
}
