import type { PageContext } from '@domain/page-context';

/**
 * React Router's load context, as the server builds it for each page request
 * (src/server/http/static.ts): the member read from her session cookie, an in-process API
 * transport that forwards her cookie, the site's origin, the CSP nonce and the request id. Typed
 * once here for every loader (`context.user`, `context.apiFetch`, ...).
 */
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageContext {}
}

export type { PageContext };
