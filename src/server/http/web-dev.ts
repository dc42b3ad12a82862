import type { Server } from 'node:http';
import type { Connect } from 'vite';
import type { ServerBuild } from 'react-router';

export interface WebDev {
  /** Vite's own handlers (the browser's modules, styles, hot reload): they run before the app. */
  middlewares: Connect.Server;
  /** The server build as Vite compiles it now (React Router's virtual module), reloaded when a file changes. */
  loadBuild: () => Promise<ServerBuild>;
  close: () => Promise<void>;
}

/**
 * `npm run dev` (WEB_DEV=true): Vite in middleware mode inside this very server, one port for the
 * API, the pages and hot reload (its websocket shares `server`). Pages are rendered on the server
 * as in production, from the sources as they are now. Vite is a development dependency: it is
 * loaded only here, never by a production process.
 */
export async function startWebDev(server: Server): Promise<WebDev> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  return {
    middlewares: vite.middlewares,
    loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    close: () => vite.close(),
  };
}
