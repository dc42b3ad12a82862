import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { timeZoneFromCookie, zoneOffsetsOfYear } from '../../domain/business-day';
import type { PageContext } from '../../domain/page-context';
import type { Auth } from '../auth';
import { cspNonce, withRequestId } from './security-headers';
import { sessionReader } from './middleware';
import { markPageCall } from './page-call';
import type { AppEnv } from './types';

/**
 * Where the web app's pages come from (decision 0027): the build `react-router build` wrote to
 * WEB_DIST_DIR (its browser files in client/, its server build in server/index.js), or, under
 * `npm run dev`, Vite running in middleware mode in this process (http/web-dev.ts), which also
 * serves the browser's modules and hot reload before a request reaches the app.
 */
export type WebSource = { kind: 'build'; distDir: string } | { kind: 'vite'; loadBuild: () => Promise<ServerBuild> };

export interface WebMountOptions {
  auth: Auth;
  /** The site's origin (PUBLIC_URL): canonical URLs and structured data. */
  publicUrl: string;
  /** BUSINESS_TIME_ZONE: pages render times in it until the browser has told its own (the `tz` cookie). */
  businessTimeZone: string;
  /** WELCOME_OFFER_PERCENT: the pages promise what the booking applies (decision 0056). */
  welcomeOfferPercent: number;
  /** The business's day now and the instant it ends, on the app's clock (AppContext.today). */
  businessDay: () => Pick<PageContext, 'businessToday' | 'businessDayEndsAt'>;
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The page request's headers that an in-process API call carries on: the session cookie, and what
 * the API's own checks read, so a page's action is held to the same rules as the browser calling
 * the API itself (the origin and fetch-metadata checks against cross-site posts, the client's
 * address behind a trusted proxy for the rate limits, the user agent a new session records).
 */
export const FORWARDED_HEADERS = [
  'cookie',
  'origin',
  'referer',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'user-agent',
  'x-forwarded-for',
] as const;

function forwardedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** The best encoding an Accept-Encoding header takes. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/** A page's HTML, compressed as it streams (brotli at a quality that costs about as much as gzip). */
function compress(res: Response, encoding: Encoding): Response {
  if (encoding === 'identity' || !res.body || res.headers.has('content-encoding')) return res;
  const zip =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
  const body = Readable.toWeb(Readable.fromWeb(res.body as NodeReadableStream).pipe(zip)) as ReadableStream<Uint8Array>;
  const headers = new Headers(res.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  headers.append('vary', 'accept-encoding');
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Mounts the web app after the API routes: the browser's files (hashed ones cached for a year,
 * precompressed copies when the browser takes them) and, for every other request, React Router's
 * request handler, which renders the page (or answers a client navigation's data request). Each
 * request gets its own load context (PageContext): the member read once from her session cookie,
 * an in-process API transport that forwards that cookie, the site's origin, a CSP nonce and the
 * request id. Returns false when there is no build to serve (API-only processes and tests).
 */
export function mountWebApp(app: Hono<AppEnv>, source: WebSource, opts: WebMountOptions): boolean {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let clientDir: string | null = null;
  if (source.kind === 'build') {
    const serverBuild = path.join(source.distDir, 'server', 'index.js');
    clientDir = path.join(source.distDir, 'client');
    if (!existsSync(serverBuild) || !existsSync(clientDir)) return false;
    // Loaded now, not by the first visitor (compiling the build takes a second on a busy machine).
    const loaded = import(pathToFileURL(serverBuild).href) as Promise<ServerBuild>;
    loaded.catch(() => {}); // a broken build fails each page request, with its error
    build = () => loaded;
  } else {
    build = source.loadBuild;
  }
  const handle = createRequestHandler(build, source.kind === 'build' ? 'production' : 'development');

  app.use('*', async (c, next) => {
    await next();
    if (!c.res.ok || c.res.headers.has('cache-control')) return;
    // Hashed build files never change; the few unhashed public files (favicon, art) may.
    if (c.req.path.startsWith('/assets/')) c.header('cache-control', 'public, max-age=31536000, immutable');
    else c.header('cache-control', 'public, max-age=86400');
  });
  // Brotli or gzip files written at build time (scripts/compress-dist.mjs) when the browser takes
  // them. Dot folders (Vite's build manifest in .vite/) are not served.
  if (clientDir) {
    const files = serveStatic({ root: path.relative(process.cwd(), clientDir) || '.', precompressed: true });
    app.use('*', (c, next) => (c.req.path.includes('/.') ? next() : files(c, next)));
  }

  // Who is asking, read once from the session cookie (the same reader as the API's).
  app.use('*', sessionReader(opts.auth));
  app.all('*', async (c) => {
    const forwarded = forwardedHeaders(c.req.raw.headers);
    const cookie = c.req.header('cookie');
    const nonce = cspNonce(c);
    const timeZone = timeZoneFromCookie(cookie) ?? opts.businessTimeZone;
    const day = opts.businessDay();
    // The web app declares React Router's AppLoadContext as this PageContext (src/web/lib/load-context.ts).
    const context: PageContext & AppLoadContext = {
      user: c.var.user,
      // The app itself, in-process, as this visitor or member: only the path and query are read.
      // Her cookie and the headers the API's checks read (origin, fetch metadata, user agent) are
      // passed on, and her connection too, so a rate limit counts her address, not the server's.
      apiFetch: async (request) => {
        const url = new URL(request.url);
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
        const headers: Record<string, string> = { ...forwarded, accept: 'application/json' };
        const type = request.headers.get('content-type');
        if (type) headers['content-type'] = type;
        // It carries the session this request has read (http/page-call.ts, decision 0054): the
        // API does not read it again, nor re-run the per-request middleware a browser's call needs.
        const call = new Request(new URL(url.pathname + url.search, 'http://localhost'), {
          method: request.method,
          headers,
          ...(body ? { body } : {}),
        });
        markPageCall(call, {
          requestId: c.var.requestId,
          user: c.var.user,
          sessionId: c.var.sessionId,
          sessionSeenAt: c.var.sessionSeenAt,
        });
        return app.fetch(call, c.env);
      },
      origin: opts.publicUrl,
      nonce,
      requestId: c.var.requestId,
      timeZone,
      timeZoneOffsets: zoneOffsetsOfYear(timeZone, Number(day.businessToday.slice(0, 4))),
      businessTimeZone: opts.businessTimeZone,
      welcomeOfferPercent: opts.welcomeOfferPercent,
      ...day,
    };
    const res = withRequestId(await handle(c.req.raw, context), c.var.requestId);
    // A page may hold the member's own data: never kept by a shared cache. Visitors' pages are
    // revalidated each time, so a new build's asset names reach the browser at once.
    if (!res.headers.has('cache-control'))
      res.headers.set('cache-control', c.var.user ? 'private, no-store' : 'no-cache');
    return compress(res, pickEncoding(c.req.header('accept-encoding')));
  });
  // Draw the home page once as soon as the app is up, so the first visitor does not wait for the
  // build's modules to load and the renderer's code to warm up.
  if (source.kind === 'build')
    setTimeout(
      () =>
        void Promise.resolve(app.request('/')).then(
          (res) => res.body?.cancel(),
          () => {},
        ),
      0,
    );
  return true;
}
