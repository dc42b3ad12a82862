import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of pages and static files: scripts from our origin only, no
 * framing. A page rendered by React Router also allows the inline scripts that carry its
 * request's nonce (its data and module imports, decision 0027): any other inline script is refused.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of static files and the API docs page: no inline script at all. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** JSON answers execute nothing and are never framed or embedded by other sites. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The lean set for JSON API answers: every header costs the server and each client per
 * response, and the page-only ones (COOP, X-Frame-Options, ...) mean nothing on JSON.
 */
export function apiSecurityHeaderList(https: boolean): [string, string][] {
  return [
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(https ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as [string, string][]) : []),
  ];
}

/** The full set for pages, static files and the API docs page (a page's CSP carries its nonce). */
export function securityHeaderList(https: boolean, nonce?: string): [string, string][] {
  return [
    ['content-security-policy', nonce ? contentSecurityPolicy(nonce) : CONTENT_SECURITY_POLICY],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['x-dns-prefetch-control', 'off'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    ...(https ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as [string, string][]) : []),
  ];
}

/**
 * Security headers on every answer (the full set on pages, the lean set on JSON). They are set before the handler runs, so a response built
 * with c.json/c.body/c.html carries them without being rebuilt (Hono's secureHeaders rewrites
 * the finished response, which costs a third of a cached browse request). Handlers that return
 * a raw Response (better-auth's) go through `withSecurityHeaders`.
 */
export function securityHeaders(https: boolean): {
  middleware: MiddlewareHandler;
  apply: (res: Response, requestId: string) => Response;
  page: (res: Response, nonce: string) => Response;
} {
  const list = securityHeaderList(https);
  const apiList = apiSecurityHeaderList(https);
  const isJsonApi = (p: string) => p.startsWith('/api/') && !p.startsWith('/api/docs');
  return {
    middleware: async (c, next) => {
      for (const [name, value] of isJsonApi(c.req.path) ? apiList : list) c.header(name, value);
      await next();
    },
    apply: (res, requestId) => {
      const set = (r: Response) => {
        for (const [name, value] of apiList) r.headers.set(name, value);
        r.headers.set('x-request-id', requestId);
        return r;
      };
      try {
        return set(res);
      } catch {
        return set(new Response(res.body, res)); // immutable headers: copy the response
      }
    },
    // A page rendered by React Router (a raw Response): the full set, with the page's nonce.
    page: (res, nonce) => {
      const pageList = securityHeaderList(https, nonce);
      const set = (r: Response) => {
        for (const [name, value] of pageList) r.headers.set(name, value);
        return r;
      };
      try {
        return set(res);
      } catch {
        return set(new Response(res.body, res));
      }
    },
  };
}
