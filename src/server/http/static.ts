import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './types';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, and every other GET
 * that is not an API call gets index.html so client routes load on a hard refresh.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), distDir) || '.';
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('*', async (c, next) => {
    await next();
    if (!c.res.ok || c.res.headers.has('cache-control')) return;
    // Hashed build files never change; the few unhashed public files (favicon, art) may; the HTML
    // shell is always revalidated so a new build's asset names reach the browser at once.
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('cache-control', 'no-cache');
    else if (c.req.path.startsWith('/assets/')) c.header('cache-control', 'public, max-age=31536000, immutable');
    else c.header('cache-control', 'public, max-age=86400');
  });
  // Brotli or gzip files written at build time (scripts/compress-dist.mjs) when the browser takes them.
  app.use('*', serveStatic({ root, precompressed: true }));
  // Unknown /api paths never get here: app.ts answers them with a 404 first. The cache
  // middleware above marks this HTML no-cache.
  app.get('*', (c) => c.html(indexHtml));
  return true;
}
