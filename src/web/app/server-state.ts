import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '@domain/server-state';

export { SERVER_STATE_ID };

/**
 * The query cache the server rendered the page with, when it did (a `type="application/json"`
 * block is data, never executed, so the strict script CSP holds).
 */
export function readServerState(doc: Document): DehydratedState | null {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return null;
  }
}
