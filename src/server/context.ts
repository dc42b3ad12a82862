import { createAuth, migrateAuth, type Auth } from './auth';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runSeeds } from './db/seed';
import type { Env } from './env';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mailer';

/** Everything a feature may need, made once at start-up and passed down (no module singletons). */
export interface AppContext {
  env: Env;
  logger: Logger;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** The time source; tests inject one to move "today" forward. */
  clock: () => Date;
}

export interface CreateContextOptions {
  env: Env;
  logger?: Logger;
  mailer?: Mailer;
  clock?: () => Date;
  /** Seed sample data (catalogue, events). On by default; tests may switch it off. */
  seed?: boolean;
}

/** Opens the database, migrates it (better-auth's tables, then ours), seeds it, and wires the services. */
export async function createContext(opts: CreateContextOptions): Promise<AppContext> {
  const { env } = opts;
  const logger = opts.logger ?? createLogger(env.logLevel);
  const database = createDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, logger });
  const auth = createAuth({ env, database, logger, mailer });
  const ctx: AppContext = { env, logger, database, auth, mailer, clock: opts.clock ?? (() => new Date()) };
  await migrateAuth(auth);
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (opts.seed !== false) await runSeeds(ctx);
  return ctx;
}
