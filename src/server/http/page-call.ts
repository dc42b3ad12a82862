import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/**
 * An API call a page's loader or action makes in-process (decision 0054): the page request has
 * already been through the app's per-request middleware and read the session, so its calls carry
 * that session instead of reading it again, and skip what only a browser's request needs (the
 * log line, the security headers, cache headers and ETags). Every check that guards the API
 * itself (body limits, the origin check, U+0000, the routes' own rules and limits) still runs.
 */
export interface PageCall {
  /** The page request's id: its API calls log under it. */
  requestId: string;
  user: AppEnv['Variables']['user'];
  sessionId: string | null;
  sessionSeenAt: Date | null;
}

// Keyed by the Request object the page's transport built: nothing outside the process can make one.
const calls = new WeakMap<Request, PageCall>();

/** Marks `request` as a call of the page whose session is `call`. */
export function markPageCall(request: Request, call: PageCall): Request {
  calls.set(request, call);
  return request;
}

/** The page a request was made for in-process, or undefined for a request from outside. */
export function pageCallOf(request: Request): PageCall | undefined {
  return calls.get(request);
}

/** `middleware` for requests from outside; a page's in-process call goes straight on. */
export function exceptPageCalls<E extends AppEnv>(middleware: MiddlewareHandler<E>): MiddlewareHandler<E> {
  return (c, next) => (calls.has(c.req.raw) ? next() : middleware(c, next));
}
