import type { Context, MiddlewareHandler } from 'hono';
import { RETAINED_304_HEADERS, etag } from 'hono/etag';
import { draftAnswer, draftOf, headersOf, replaceAnswer } from './draft-answer';
import { CACHE_POLICIES, type CachePolicy } from './cache-policies';
import type { AppEnv } from './types';

/**
 * Standard HTTP caching for the API (decision 0018): public GETs say how long a browser and a
 * shared cache (CDN, reverse proxy) may keep them and carry an ETag, so a repeat is a 304 without
 * a body; everything else is `private, no-store`. No cache of our own answers in front of Hono.
 */

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Marks the answer being built as public under one of the policies: the caching middleware writes
 * its Cache-Control (unless the answer has its own), and only on a successful answer.
 */
export function setCachePolicy(c: Context<AppEnv>, policy: CachePolicy): void {
  c.set('cachePolicy', policy);
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
 * The last word on caching of every /api answer (decision 0018). An answer nothing marked public,
 * an error, or one that sets a cookie (a session refreshed on the way) is `private, no-store`. A
 * public one gets `Vary: Accept-Encoding` (bodies are gzipped when the client takes it) and, on a
 * successful GET, an ETag: the one the route computed (catalogue answers are tagged by their
 * bytes' digest, json-text.ts; pictures carry their version) or Hono's `etag()` digest of the body
 * as sent (SHA-1, so the gzip and plain bodies differ, as `Vary` says); If-None-Match naming it is
 * answered 304 without a body. A member's own data gets no validator.
 */
export function apiCaching(): MiddlewareHandler<AppEnv> {
  const tag = etag();
  return async (c, next) => {
    await next();
    const headers = headersOf(c);
    let cc = headers.get('cache-control');
    const policy = c.get('cachePolicy');
    if (cc === null && policy) headers.set('cache-control', (cc = CACHE_POLICIES[policy]));
    const isPublic = cc !== null && /\bpublic\b/.test(cc);
    if (!isPublic || headers.has('set-cookie') || c.res.status >= 400) {
      if (cc === null || isPublic) headers.set('cache-control', PRIVATE_NO_STORE);
      return;
    }
    const vary = headers.get('vary');
    if (!vary || !/accept-encoding/i.test(vary))
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.res.status !== 200) return;
    const draft = draftOf(c.res);
    if (!draft) return tag(c, async () => {});
    const etag = draft.headers.etag;
    if (etag !== undefined && etagMatches(c.req.header('if-none-match'), etag)) {
      const kept = RETAINED_304_HEADERS.filter((name) => draft.headers[name] !== undefined);
      const headers304 = Object.fromEntries(kept.map((name) => [name, draft.headers[name]!]));
      replaceAnswer(c, draftAnswer({ status: 304, body: null, headers: headers304 }));
    }
  };
}
