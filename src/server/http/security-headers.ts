import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { headersOf, settle } from './draft-answer';
import type { AppEnv } from './types';

/**
 * Security headers on every answer, by Hono's own `secureHeaders` (decision 0044 replaced a
 * hand-written list): the full set on pages, static files and the API docs page, a lean set on
 * JSON. They are set after the handler, so raw Responses (better-auth's, React Router's) carry
 * them too.
 */

const HSTS = 'max-age=31536000; includeSubDomains';

/** The Content-Security-Policy of pages: scripts from our origin and this request's nonce, no framing. */
const PAGE_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", NONCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const isJsonApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');

/**
 * The headers every answer ends with, in one middleware for the whole app (the outermost that
 * writes any): the security headers, the lean set on JSON under /api (the page-only headers,
 * COOP, X-Frame-Options and the like, mean nothing on JSON) and the page set elsewhere, whose CSP
 * nonce (`c.get('secureHeadersNonce')`) is the one React Router's inline scripts carry; then the
 * request's id (X-Request-Id). A drafted JSON answer (decision 0089) is settled here: the JSON set
 * is the one Hono's `secureHeaders` writes, learnt once from an answer it wrote, and copied into
 * the draft's record.
 */
export function finalHeaders(https: boolean): MiddlewareHandler<AppEnv> {
  const strictTransportSecurity = https ? HSTS : false;
  const referrerPolicy = 'strict-origin-when-cross-origin';
  const api = headersSetBy(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      referrerPolicy,
      strictTransportSecurity,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  let apiHeaders: [string, string][] | undefined;
  const page = secureHeaders({
    contentSecurityPolicy: PAGE_POLICY,
    referrerPolicy,
    strictTransportSecurity,
    xFrameOptions: 'DENY',
    xDownloadOptions: false,
  });
  return async (c, next) => {
    if (isJsonApi(c.req.path)) {
      await next();
      apiHeaders ??= await api;
      const headers = headersOf(c);
      for (const [name, value] of apiHeaders) headers.set(name, value);
    } else {
      await page(c, next);
    }
    headersOf(c).set('x-request-id', c.get('requestId'));
    settle(c);
  };
}

/** The headers a middleware sets on an answer, found once by letting it answer a request of its own. */
async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null));
  return [...(await probe.request('/')).headers];
}

/**
 * An id for the request (kept by `requestId`, Hono's middleware, which writes no header: the id
 * goes on the answer in `finalHeaders`): the caller's X-Request-Id when it is a plausible one (at
 * most 255 letters, digits, `_`, `-` and `=`), else a new UUID.
 */
export function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id');
  return given && given.length <= 255 && !/[^\w\-=]/.test(given) ? given : crypto.randomUUID();
}

/** This request's CSP nonce, made by the page headers' middleware before the handler runs. */
export function cspNonce(c: Context<AppEnv>): string {
  const nonce = c.get('secureHeadersNonce');
  if (!nonce) throw new Error('The security headers middleware must run before a page is rendered.');
  return nonce;
}

/**
 * A raw Response (better-auth's, React Router's) with this request's id, its headers writable:
 * a response whose headers are immutable (a fetch's) is copied, so that the caller and
 * `finalHeaders` can set theirs.
 */
export function withRequestId(res: Response, requestId: string): Response {
  try {
    res.headers.set('x-request-id', requestId);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set('x-request-id', requestId);
    return copy;
  }
}
