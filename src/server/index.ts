import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compose } from './compose';
import { loadEnv } from './env';
import { runHousekeeping, startHousekeeping } from './housekeeping';
import { createNodeListener, createResponseCache } from './http/response-cache';

/** Starts Rentique: migrate, seed, serve. Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const { ctx, app, background } = await compose({ env });
  // Notification e-mails and reminder scans (decision 0021); JOBS=off leaves them to other processes.
  if (env.jobsEnabled) await background.start();
  // Shared browse answers are repeated by the node-level micro-cache (decision 0009); BROWSE_CACHE_MS=0 turns it off.
  const cache = createResponseCache({ ttlMs: env.browseCacheMs });
  // Old rate-limit rows and temp files of interrupted uploads go before the first request, then every 10 minutes.
  const swept = await runHousekeeping(ctx);
  if (swept.tempFiles || swept.authRateLimitRows || swept.requestLimitRows) ctx.logger.info({ ...swept }, 'housekeeping at start');
  const stopHousekeeping = startHousekeeping(ctx);
  const server = createServer(
    {
      // A client that never finishes sending its request is dropped (408) instead of holding a
      // connection: the whole request within REQUEST_TIMEOUT_MS, the headers within
      // HEADERS_TIMEOUT_MS, checked every second (node's default check is every 30 s).
      requestTimeout: env.requestTimeoutMs,
      headersTimeout: env.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, env.headersTimeoutMs),
    },
    createNodeListener(app, { cache, logger: ctx.logger, hostname: env.host }),
  );
  server.listen(env.port, env.host, () => {
    const { port } = server.address() as AddressInfo;
    ctx.logger.info({ port, dataDir: env.dataDir, dialect: ctx.database.dialect }, `Rentique is up on http://localhost:${port}`);
  });
  const stop = (signal: string) => {
    ctx.logger.info({ signal }, 'shutting down');
    stopHousekeeping();
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
