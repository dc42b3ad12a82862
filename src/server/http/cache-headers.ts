import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * Standard HTTP caching for the API (decision 0018): public GETs say how long a browser and a
 * shared cache (CDN, reverse proxy) may keep them and carry an ETag, so a repeat is a 304 without
 * a body; everything else is `private, no-store`. No cache of our own answers in front of Hono.
 */

/** The policies the public GETs use; the numbers are seconds. */
export const CACHE_POLICIES = {
  /** Browse lists, facet counts and search suggestions without dates: a new listing shows within a minute. */
  list: 'public, max-age=10, s-maxage=30, stale-while-revalidate=60',
  /** Lists narrowed to a date range: availability changes with every booking, so always revalidate. */
  availability: 'public, max-age=0, s-maxage=2, stale-while-revalidate=5',
  /** One item and the brand list. */
  item: 'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
} as const;
export type CachePolicy = keyof typeof CACHE_POLICIES;

export const PRIVATE_NO_STORE = 'private, no-store';

/** Marks the answer being built as public under one of the policies. */
export function setCachePolicy(c: Context, policy: CachePolicy): void {
  c.header('cache-control', CACHE_POLICIES[policy]);
}

/**
 * The last word on caching of every /api answer: an answer nothing marked public, an error, or
 * one that sets a cookie (a session refreshed on the way), is `private, no-store`; a public one gets `Vary:
 * Accept-Encoding` (bodies are gzipped when the client takes it). Runs outside the ETag middleware.
 */
export function apiCacheControl(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const cc = res.headers.get('cache-control');
    const isPublic = cc !== null && /\bpublic\b/.test(cc);
    if (!isPublic || res.headers.has('set-cookie') || res.status >= 400) {
      if (cc === null || isPublic) c.res.headers.set('cache-control', PRIVATE_NO_STORE);
      return;
    }
    const vary = res.headers.get('vary');
    if (!vary || !/accept-encoding/i.test(vary))
      c.res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}

/** True when If-None-Match names this ETag (weak comparison, in a list, or *). */
export function etagMatches(ifNoneMatch: string | undefined | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const x = t.trim().replace(/^W\//, '');
    return x === '*' || x === bare;
  });
}

/**
 * Hono's `etag()` on successful public GETs only: it keeps an ETag the route computed (catalogue
 * answers are tagged by their bytes' digest, json-text.ts; pictures carry their version) or
 * hashes the body as sent (SHA-1, so the gzip and plain bodies differ, as `Vary` says), and
 * answers 304 without a body when If-None-Match names it. A member's own data gets no validator:
 * the middleware runs on the finished answer, and only when it is public.
 */
export function publicEtag(): MiddlewareHandler {
  const tag = etag();
  return async (c, next) => {
    await next();
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.res.status !== 200) return;
    const cc = c.res.headers.get('cache-control');
    if (!cc || !/\bpublic\b/.test(cc) || c.res.headers.has('set-cookie')) return;
    await tag(c, async () => {});
  };
}
