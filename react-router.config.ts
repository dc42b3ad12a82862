import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode (decision 0027): the web app's route modules live under src/web
 * (routes.ts lists them), every page is rendered on the server by the Hono app's page handler
 * (src/server/http/static.ts) and hydrated in the browser. `react-router build` writes the
 * browser's files to <WEB_DIST_DIR>/client and the server build to <WEB_DIST_DIR>/server.
 */
export default {
  appDirectory: 'src/web',
  buildDirectory: process.env.WEB_DIST_DIR ?? 'dist/web',
  ssr: true,
  // The first page carries only its own routes' part of the route manifest (the whole one is
  // ~4 KB gzip of the first load's JS); the routes its links lead to are fetched from /__manifest
  // as the links appear (React Router's default, "lazy route discovery").
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
