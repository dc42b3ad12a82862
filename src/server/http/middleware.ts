import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { roleOf } from '../../domain/ops';
import { CLIENT_IP_HEADER, type Auth } from '../auth';
import type { Logger } from '../logger';
import { HttpError, unauthenticated } from './errors';
import { pageCallOf } from './page-call';
import type { AppEnv, MemberEnv } from './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One structured log line per request, with its id, status and duration. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = pageCallOf(c.req.raw);
    if (page) {
      // A page's in-process API call (decision 0054): it is part of the page request, whose id it
      // keeps and whose one line counts it.
      c.set('requestId', page.requestId);
      c.set('logger', logger);
      return next();
    }
    const start = performance.now();
    // The base logger; every line written for a request carries its requestId field explicitly
    // (a per-request child logger costs more than the rest of a cached browse request).
    c.set('logger', logger);
    await next();
    const status = c.res.status;
    const level = status >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const ms = Math.round((performance.now() - start) * 10) / 10;
    logger[level](
      { requestId: c.var.requestId, method: c.req.method, path: c.req.path, status, ms, userId: c.var.user?.id },
      'request',
    );
  };
}

/**
 * Records the client's address in a header only we set (from the socket, or from
 * X-Forwarded-For when TRUST_PROXY is on) so better-auth's rate limits key on the real client.
 */
export function clientIp(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip: string | undefined;
    if (trustProxy) ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined; // in-process requests (tests) have no socket
      }
    }
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, ip ?? '127.0.0.1');
    await next();
  };
}

/**
 * Refuses state-changing requests from another site: a present Origin must be one of ours, and a
 * browser's Sec-Fetch-Site must not say cross-site. better-auth checks its own routes the same way.
 */
export function originCheck(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin && origin !== 'null' && !trusted.has(origin)) || origin === 'null' || site === 'cross-site') {
        throw new HttpError('FORBIDDEN', 'Cross-origin request refused.');
      }
    }
    await next();
  };
}

/**
 * True when a Cookie header may hold a better-auth session (it names the session token): only
 * then is there a session to read or refresh. The response micro-cache uses the same test.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes('session_token') ?? false;
}

/**
 * Reads the session cookie once per request and exposes the member (or null). A page's in-process
 * API call (decision 0054) carries the session its page request read: it is not read again.
 */
export function sessionReader(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = pageCallOf(c.req.raw);
    c.set('user', page?.user ?? null);
    c.set('sessionId', page?.sessionId ?? null);
    c.set('sessionSeenAt', page?.sessionSeenAt ?? null);
    if (page) return next();
    // c.req.header() reads the incoming message; touching c.req.raw would build a full Request
    // object on every call, which visitors' requests (most of the traffic) never need.
    if (hasSessionCookie(c.req.header('cookie'))) {
      // One line per read at debug level (LOG_LEVEL=debug), to count them per request.
      c.var.logger?.debug({ requestId: c.var.requestId, path: c.req.path }, 'session read');
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (result) {
        c.set('user', {
          id: result.user.id,
          email: result.user.email,
          name: result.user.name,
          emailVerified: result.user.emailVerified,
          role: roleOf((result.user as { role?: unknown }).role),
        });
        c.set('sessionId', result.session.id);
        c.set('sessionSeenAt', new Date(result.session.updatedAt));
      }
    }
    await next();
  };
}

/** Puts a route behind sign-in: 401 in the error shape for visitors. */
export const requireUser = createMiddleware<MemberEnv>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
});

/**
 * Puts a route behind the staff role (the operations desk, /api/ops): 401 for visitors, 403 for
 * members. The role is read with the session on every request, so revoking it takes effect at once.
 */
export const requireStaff = createMiddleware<MemberEnv>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (c.var.user.role !== 'staff') throw new HttpError('FORBIDDEN', 'Staff only: this is the operations desk.');
  await next();
});
