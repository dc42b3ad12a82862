/**
 * The id of the `<script type="application/json">` block in which the server hands the page's
 * query cache (and, in `data-modules`, the page's chunks) to the browser: written by
 * src/server/http/page-renderer.ts, read by src/web/app/server-state.ts and src/web/main.tsx.
 */
export const SERVER_STATE_ID = 'rentique-state';
