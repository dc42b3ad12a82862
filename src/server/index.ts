import type { RequestListener, Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { compose } from './compose';
import { loadEnv } from './env';
import { runHousekeeping, startHousekeeping } from './housekeeping';
import { createHttpServer, onRequest } from './http/http-server';
import { startWebDev, type WebDev } from './http/web-dev';

/** Starts Rentique: migrate, seed, serve. Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const server = createHttpServer(env);
  // `npm run dev`: Vite in this process (hot reload on the same port, pages rendered from the sources).
  const dev: WebDev | null = env.webDev ? await startWebDev(server as Server) : null;
  const { ctx, app, background, services } = await compose({
    env,
    ...(dev ? { web: { kind: 'vite', loadBuild: dev.loadBuild } } : {}),
  });
  // Notification e-mails and reminder scans (decision 0021); JOBS=off leaves them to other processes.
  if (env.jobsEnabled) await background.start();
  // The search index is loaded before the first request and then follows the catalogue (decision 0057).
  await services.searchIndex.start();
  ctx.logger.info(services.searchIndex.stats, 'search index loaded');
  // Started by the bench with an IPC channel: it prints the index's load time (bench/browse.ts).
  // A parent gone meanwhile is no error of ours: the callback takes a closed channel's error.
  if (process.send && process.connected)
    process.send(
      { searchIndex: { loadMs: services.searchIndex.stats.loadMs, items: services.searchIndex.stats.items } },
      undefined,
      {},
      () => undefined,
    );
  // Old rate-limit rows and temp files of interrupted uploads go before the first request, then every 10 minutes.
  const swept = await runHousekeeping(ctx);
  if (swept.tempFiles || swept.authRateLimitRows || swept.requestLimitRows)
    ctx.logger.info({ ...swept }, 'housekeeping at start');
  const stopHousekeeping = startHousekeeping(ctx);
  // Every request goes through Hono: caching is said in HTTP headers for a CDN or proxy (decision 0018).
  const listener = getRequestListener(app.fetch, { hostname: env.host }) as RequestListener;
  onRequest(server, dev ? (req, res) => dev.middlewares(req, res, () => void listener(req, res)) : listener);
  server.listen(env.port, env.host, () => {
    const { port } = server.address() as AddressInfo;
    ctx.logger.info(
      { port, dataDir: env.dataDir, dialect: ctx.database.dialect },
      `Rentique is up on ${env.tls ? 'https' : 'http'}://localhost:${port}`,
    );
  });
  const stop = (signal: string) => {
    ctx.logger.info({ signal }, 'shutting down');
    stopHousekeeping();
    void dev?.close();
    server.close(() => {
      void background
        .stop()
        .then(() => ctx.close())
        .catch((err: unknown) => ctx.logger.error({ err }, 'shutdown'))
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
