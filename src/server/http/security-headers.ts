import type { MiddlewareHandler } from 'hono';

/** One Content-Security-Policy for pages and API answers: no inline scripts, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaderList(https: boolean): [string, string][] {
  return [
    ['content-security-policy', CONTENT_SECURITY_POLICY],
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
 * Security headers on every answer. They are set before the handler runs, so a response built
 * with c.json/c.body/c.html carries them without being rebuilt (Hono's secureHeaders rewrites
 * the finished response, which costs a third of a cached browse request). Handlers that return
 * a raw Response (better-auth's) go through `withSecurityHeaders`.
 */
export function securityHeaders(https: boolean): { middleware: MiddlewareHandler; apply: (res: Response) => Response } {
  const list = securityHeaderList(https);
  return {
    middleware: async (c, next) => {
      for (const [name, value] of list) c.header(name, value);
      await next();
    },
    apply: (res) => {
      try {
        for (const [name, value] of list) res.headers.set(name, value);
        return res;
      } catch {
        // immutable headers: copy the response
        const copy = new Response(res.body, res);
        for (const [name, value] of list) copy.headers.set(name, value);
        return copy;
      }
    },
  };
}
