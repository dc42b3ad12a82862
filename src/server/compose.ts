import { createApp } from './app';
import { createBackground } from './background';
import { createContext, type CreateContextOptions } from './context';
import { runSeeds } from './db/seed';
import type { PaymentProvider } from './features/payments';
import type { WebSource } from './http/static';
import { createServices, seedsOf } from './services';

export interface ComposeOptions extends CreateContextOptions {
  /** Seed sample data (catalogue, events). On by default; tests may switch it off. */
  seed?: boolean;
  /** Another payment provider than the simulated one (a test's provider that loses answers). */
  paymentProvider?: PaymentProvider;
  /** Where the pages come from: the build in WEB_DIST_DIR unless said (Vite under `npm run dev`). */
  web?: WebSource;
}

/**
 * Everything a Rentique process runs, put together once: the context (database, mailer,
 * storage, clock, job queue), the services built on it, the seeds, the HTTP app and the
 * background work (its job handlers are registered; `background.start()` begins polling).
 * The server (index.ts), the tests (test/test-app.ts), the benches and the scripts start here.
 */
export async function compose(opts: ComposeOptions) {
  const { seed, paymentProvider, web, ...contextOptions } = opts;
  const ctx = await createContext(contextOptions);
  const services = createServices(ctx, paymentProvider ? { paymentProvider } : {});
  if (seed !== false) await runSeeds(ctx, seedsOf(services));
  const app = createApp(ctx, services, web ? { web } : {});
  const background = createBackground(ctx, services);
  return { ctx, services, app, background };
}

export type Composed = Awaited<ReturnType<typeof compose>>;
