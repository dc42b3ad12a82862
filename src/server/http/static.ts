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

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
