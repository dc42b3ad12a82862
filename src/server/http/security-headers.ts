import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
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

/** JSON answers execute nothing and are never framed or embedded by other sites. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const isJsonApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');

/**
 * One middleware for the whole app: JSON under /api gets the lean set (the page-only headers,
 * COOP, X-Frame-Options and the like, mean nothing on JSON); everything else the page set, whose
 * CSP nonce (`c.get('secureHeadersNonce')`) is the one React Router's inline scripts carry.
 */
export function securityHeaders(https: boolean): MiddlewareHandler<AppEnv> {
  const strictTransportSecurity = https ? HSTS : false;
  const referrerPolicy = 'strict-origin-when-cross-origin';
  const api = secureHeaders({
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
  });
  const page = secureHeaders({
    contentSecurityPolicy: PAGE_POLICY,
    referrerPolicy,
    strictTransportSecurity,
    xFrameOptions: 'DENY',
    xDownloadOptions: false,
  });
  return (c, next) => (isJsonApi(c.req.path) ? api(c, next) : page(c, next));
}

/** This request's CSP nonce, made by the page headers' middleware before the handler runs. */
export function cspNonce(c: Context<AppEnv>): string {
  const nonce = c.get('secureHeadersNonce');
  if (!nonce) throw new Error('The security headers middleware must run before a page is rendered.');
  return nonce;
}

/**
 * A raw Response (better-auth's, React Router's) with this request's id: Hono carries headers a
 * middleware set before the handler only onto answers it builds itself. Copies a response whose
 * headers are immutable.
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
