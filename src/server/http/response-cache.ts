import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Context } from 'hono';
import type { Logger } from '../logger';
import { hasSessionCookie } from './middleware';

/**
 * A shared-response micro-cache in front of Hono, at the node:http layer (like nginx's
 * proxy_cache with a one-second validity). A hit is written with one `writeHead`/`end`: no
 * Request/Response/Headers objects, no middleware. Only answers a route explicitly marks with
 * `shareResponse` are stored (never by looking at arbitrary responses), and only for GETs from
 * visitors without a session cookie. See docs/decisions/0009-response-micro-cache.md.
 */

/** Whether an Accept-Encoding header takes gzip. The route and the cache key use this one test. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bgzip\b/.test(acceptEncoding);
}

/**
 * The id Hono's requestId middleware would give this request: the client's X-Request-Id when it
 * is at most 255 word characters, '-' or '=', otherwise a new UUID.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && incoming.length > 0 && incoming.length <= 255 && !/[^\w\-=]/.test(incoming) ? incoming : randomUUID();
}

/** Requests that may be answered from, or fill, the cache: visitors' GETs (no session to read or refresh). */
function eligible(incoming: IncomingMessage): boolean {
  // A request carrying a session cookie goes through Hono (sessionReader reads it there).
  return incoming.method === 'GET' && !hasSessionCookie(incoming.headers.cookie);
}

/** What a route hands over when it marks its answer as the same for every visitor. */
interface ShareSlot {
  body?: string | Uint8Array;
  /** How old the data already is (a route that answers from its own cache), so the TTL is not extended. */
  ageMs?: number;
  /** c.req.path, for the request log line of a hit. */
  path?: string;
}

const SHARE = Symbol('rentique.response-cache.share');

/**
 * Marks the answer being built as shareable: the same status, headers and `body` for every
 * visitor asking for this exact URL (with the same gzip choice, see `acceptsGzip`), for the
 * cache's TTL minus `ageMs`. The route must not vary the answer on anything else (session,
 * cookies, other headers). Outside the node server (in-process tests) this does nothing.
 */
export function shareResponse(c: Context, body: string | Uint8Array, ageMs = 0): void {
  const slot = (c.env as { [SHARE]?: ShareSlot } | undefined)?.[SHARE];
  if (!slot) return;
  slot.body = body;
  slot.ageMs = ageMs;
  slot.path = c.req.path;
}

interface Entry {
  expires: number;
  status: number;
  /** Flat [name, value, ...] as the slow path writes them, Content-Length last. */
  head: string[];
  /** Where the x-request-id value sits in `head` (replaced per response). */
  idAt: number;
  body: Buffer;
  path: string;
  bytes: number;
}

export interface ResponseCacheOptions {
  /** How long a marked answer is served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many entries (URL x gzip choice); the oldest stored goes first. */
  maxEntries?: number;
  /** At most about this many bytes of bodies and headers. */
  maxBytes?: number;
  /**
   * A URL is stored on its second marked answer within one TTL (nginx's proxy_cache_min_uses 2),
   * so URLs asked once (a search, a cache-buster, a deep page) cost no copy and push nothing out.
   * An entry that expires is refilled by the next answer. 1 stores the first answer.
   */
  minUses?: 1 | 2;
  /** A monotonic clock in ms; tests inject one. */
  now?: () => number;
}

export interface ResponseCache {
  readonly enabled: boolean;
  /** The fresh entry for this request, if any (expired entries are dropped). */
  lookup(incoming: IncomingMessage): Entry | undefined;
  /** Stores a marked answer under this request's key. */
  store(incoming: IncomingMessage, status: number, headers: Headers, slot: ShareSlot): void;
  stats(): { hits: number; stores: number; entries: number; bytes: number };
  /** Counts a hit (the listener calls this). */
  hit(): void;
}

export const DEFAULT_MAX_ENTRIES = 2000;
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

const keyOf = (incoming: IncomingMessage) => (acceptsGzip(incoming.headers['accept-encoding']) ? `gzip ${incoming.url ?? ''}` : `identity ${incoming.url ?? ''}`);

/** The cache itself: a Map in insertion order, bounded by entries and bytes. */
export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  const ttl = opts.ttlMs;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const minUses = opts.minUses ?? 2;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  /** Keys answered once (or whose entry expired) within the last TTL: the next answer is stored. */
  const seen = new Map<string, number>();
  let bytes = 0;
  let hits = 0;
  let stores = 0;
  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const remember = (key: string, until: number) => {
    seen.delete(key);
    if (seen.size >= maxEntries) seen.delete(seen.keys().next().value as string);
    seen.set(key, until);
  };
  return {
    enabled: ttl > 0,
    lookup(incoming) {
      if (entries.size === 0) return undefined;
      const key = keyOf(incoming);
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (entry.expires > at) return entry;
      remove(key, entry);
      if (minUses > 1) remember(key, at + ttl);
      return undefined;
    },
    store(incoming, status, headers, slot) {
      if (ttl <= 0 || slot.body === undefined) return;
      const at = now();
      const expires = at + ttl - (slot.ageMs ?? 0);
      if (expires <= at) return;
      const key = keyOf(incoming);
      if (minUses > 1 && !entries.has(key)) {
        const until = seen.get(key);
        if (until === undefined || until <= at) return remember(key, at + ttl);
        seen.delete(key);
      }
      const head: string[] = [];
      let idAt = -1;
      for (const [name, value] of headers) {
        // A cookie is never shared; a route marking such an answer is a bug, so it is not stored.
        if (name === 'set-cookie') return;
        if (name === 'x-request-id') idAt = head.length + 1;
        head.push(name, value);
      }
      if (idAt < 0) return; // the requestId middleware did not run: not an answer we know how to repeat
      const body = Buffer.from(slot.body);
      // @hono/node-server writes the length last, under this spelling, for a body of known size.
      head.push('Content-Length', String(body.byteLength));
      const size = body.byteLength + head.reduce((n, s) => n + s.length, 0);
      if (size > maxBytes) return;
      const old = entries.get(key);
      if (old) remove(key, old);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + size > maxBytes)) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
        remove(oldestKey, oldest);
      }
      entries.set(key, { expires, status, head, idAt, body, path: slot.path ?? '', bytes: size });
      bytes += size;
      stores += 1;
    },
    stats: () => ({ hits, stores, entries: entries.size, bytes }),
    hit() {
      hits += 1;
    },
  };
}

/** What the node server needs to answer requests: the Hono app's fetch and, optionally, the cache. */
export interface NodeListenerOptions {
  cache?: ResponseCache;
  logger: Logger;
  /** The host name used when a request has no Host header (as @hono/node-server's serve). */
  hostname?: string;
}

type FetchApp = { fetch: (request: Request, env: object) => Response | Promise<Response> };

/**
 * The node:http request listener: cache hits are written directly, everything else goes to Hono
 * through @hono/node-server unchanged. Answers a route marked with `shareResponse` are stored on
 * the way out.
 */
export function createNodeListener(app: FetchApp, opts: NodeListenerOptions): RequestListener {
  const { cache, logger } = opts;
  const listenerOptions = opts.hostname ? { hostname: opts.hostname } : {};
  if (!cache?.enabled) {
    return getRequestListener((req, env) => app.fetch(req, env), listenerOptions) as RequestListener;
  }

  const fill = async (req: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => {
    const slot: ShareSlot = {};
    const res = await app.fetch(req, { ...env, [SHARE]: slot });
    if (slot.body !== undefined && res.status === 200) cache.store(env.incoming, res.status, res.headers, slot);
    return res;
  };
  const slow = getRequestListener((req, env) => {
    const bindings = env as { incoming: IncomingMessage; outgoing: ServerResponse };
    return eligible(bindings.incoming) ? fill(req, bindings) : app.fetch(req, env);
  }, listenerOptions);

  return (incoming, outgoing) => {
    const entry = eligible(incoming) ? cache.lookup(incoming) : undefined;
    if (!entry) {
      void slow(incoming, outgoing);
      return;
    }
    const start = performance.now();
    const id = requestIdFor(incoming.headers['x-request-id']);
    const head = entry.head.slice();
    head[entry.idAt] = id;
    outgoing.writeHead(entry.status, head);
    outgoing.end(entry.body);
    cache.hit();
    // The line requestLogger writes for the same request (a visitor: no userId).
    if (logger.isLevelEnabled('info')) {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      logger.info({ requestId: id, method: 'GET', path: entry.path, status: entry.status, ms }, 'request');
    }
  };
}
