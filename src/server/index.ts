import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createContext } from './context';
import { loadEnv } from './env';

/** Starts Rentique: migrate, seed, serve. Stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const ctx = await createContext({ env });
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    ctx.logger.info({ port: info.port, dataDir: env.dataDir, dialect: ctx.database.dialect }, `Rentique is up on http://localhost:${info.port}`);
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
