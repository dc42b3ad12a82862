import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON data block in which the server hands its query cache to the browser. */
export const SERVER_STATE_ID = 'rentique-state';

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
