import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
// The small path helper only: the package's main entry loads the whole UI bundle into the server.
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import type { AppEnv } from './types';

const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
]);
const TYPES: Record<string, string> = { '.css': 'text/css', '.js': 'text/javascript', '.png': 'image/png' };

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rentique API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });`;

/**
 * The API docs page, served from the swagger-ui-dist package (no CDN, and no inline script so
 * the page keeps our Content-Security-Policy).
 */
export function createDocsRoutes() {
  const root = getAbsoluteFSPath();
  return new Hono<AppEnv>()
    .get('/', (c) => c.html(PAGE))
    .get('/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
    .get('/assets/:file', async (c) => {
      const file = c.req.param('file');
      if (!ASSETS.has(file)) return c.notFound();
      const body = await readFile(path.join(root, file));
      return c.body(body, 200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'public, max-age=86400',
      });
    });
}
