import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createContext } from './context';
import { loadEnv } from './env';
import { createNodeListener, createResponseCache } from './http/response-cache';

/** Starts Rentique: migrate, seed, serve. Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const ctx = await createContext({ env });
  const app = createApp(ctx);
  // Shared browse answers are repeated by the node-level micro-cache (decision 0009); off in tests.
  const cache = createResponseCache({ ttlMs: env.nodeEnv === 'test' ? 0 : env.browseCacheMs });
  const server = createServer(createNodeListener(app, { cache, logger: ctx.logger, hostname: env.host }));
  server.listen(env.port, env.host, () => {
    const { port } = server.address() as AddressInfo;
    ctx.logger.info({ port, dataDir: env.dataDir, dialect: ctx.database.dialect }, `Rentique is up on http://localhost:${port}`);
  });
  const stop = (signal: string) => {
    ctx.logger.info({ signal }, 'shutting down');
    server.close(() => {
      void ctx.database.destroy().finally(() => process.exit(0));
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
