import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { createPageRenderer, pickEncoding } from './page-renderer';
import type { AppEnv } from './types';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year; the public pages are
 * rendered on the server when the renderer build is there (page-renderer.ts); every other GET
 * that is not an API call gets index.html so client routes load on a hard refresh.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string, logger: Logger, opts: { pageCacheMs?: number } = {}): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), distDir) || '.';
  const indexHtml = readFileSync(indexFile, 'utf8');
  const renderer = createPageRenderer({
    distDir,
    indexHtml,
    // Pages are drawn as a visitor sees them: the app answers in-process, without cookies.
    apiFetch: async (p, init) => app.request(p, { ...init, headers: { accept: 'application/json' } }),
    logger,
    ...(opts.pageCacheMs !== undefined ? { cacheMs: opts.pageCacheMs } : {}),
  });

  // Load the renderer and draw the home page once now, so the first visitor does not wait for it.
  void renderer?.page('/', 'identity');

  app.use('*', async (c, next) => {
    await next();
    if (!c.res.ok || c.res.headers.has('cache-control')) return;
    // Hashed build files never change; the few unhashed public files (favicon, art) may; the HTML
    // is always revalidated so a new build's asset names reach the browser at once.
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('cache-control', 'no-cache');
    else if (c.req.path.startsWith('/assets/')) c.header('cache-control', 'public, max-age=31536000, immutable');
    else c.header('cache-control', 'public, max-age=86400');
  });

  /** A server-rendered page when there is one for this URL, else the SPA shell. */
  const page = async (c: Context<AppEnv>) => {
    const url = new URL(c.req.url);
    const rendered = renderer ? await renderer.page(url.pathname + url.search, pickEncoding(c.req.header('accept-encoding'))) : null;
    if (!rendered) return c.html(indexHtml);
    c.header('vary', 'accept-encoding');
    if (rendered.encoding !== 'identity') c.header('content-encoding', rendered.encoding);
    // An unknown page is the 404 screen, answered 404 (not a 200 with the screen in it).
    if (rendered.status !== 200) c.header('cache-control', 'no-cache');
    return c.body(rendered.body, rendered.status as ContentfulStatusCode, { 'content-type': 'text/html; charset=UTF-8' });
  };

  // The home page is a rendered page, not the index.html file.
  app.get('/', page);
  // Brotli or gzip files written at build time (scripts/compress-dist.mjs) when the browser takes them.
  app.use('*', serveStatic({ root, precompressed: true }));
  // Unknown /api paths never get here: app.ts answers them with a 404 first.
  app.get('*', page);
  return true;
}
