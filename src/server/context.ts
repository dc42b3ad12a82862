import { businessDay, dayCounter, dayStart } from '../domain/business-day';
import { createAuth, migrateAuth, type Auth } from './auth';
import { createClock } from './clock';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import { createJobQueue } from './jobs/create-queue';
import type { JobQueue } from './jobs/queue';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mailer';
import { openStorage } from './storage/open-storage';
import type { FileStorage } from './storage/storage';

/** Everything a feature may need, made once at start-up and passed down (no module singletons). */
export interface AppContext {
  env: Env;
  logger: Logger;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** Uploaded files: DATA_DIR/uploads or an S3-compatible bucket (env STORAGE). */
  storage: FileStorage;
  /** The time source; tests inject one to move "today" forward (or, for spawned servers, CLOCK_FILE). */
  clock: () => Date;
  /**
   * The business's day now, 'YYYY-MM-DD': the clock's instant in BUSINESS_TIME_ZONE (decision
   * 0047). Every "today" of the server comes from here, never from the instant's UTC date.
   */
  today: () => string;
  /** The business's day an instant (a timestamp from the database, an ISO string) falls on. */
  dayOf: (instant: Date | string) => string;
  /** The first instant of a business day, as an ISO string (bounds of "returned today"...). */
  dayStartsAt: (day: string) => string;
  /**
   * Background work (decision 0021): services send jobs here (in their transaction); workers
   * and the scheduler run only where src/server/background.ts starts them.
   */
  jobs: JobQueue;
  /** The one rate limiter (windows counted in the database, so every process shares them), on the app's clock. */
  limits: RateLimiter;
  /** Stops the job queue and closes the database. */
  close(): Promise<void>;
}

export interface CreateContextOptions {
  env: Env;
  logger?: Logger;
  mailer?: Mailer;
  /** Another file storage than the one the environment chose. */
  storage?: FileStorage;
  clock?: () => Date;
}

/**
 * Opens the database and migrates it (better-auth's tables, then ours), and makes the mailer, the
 * file storage, the clock and the job queue. The services are built on it by the composition
 * root (src/server/compose.ts).
 */
export async function createContext(opts: CreateContextOptions): Promise<AppContext> {
  const { env } = opts;
  const logger = opts.logger ?? createLogger(env.logLevel);
  // Checked first: a wrong bucket stops the start before anything is opened.
  const storage = opts.storage ?? (await openStorage(env));
  const database = createDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, logger });
  const clock = opts.clock ?? createClock(env);
  // One rate limiter per process (table `request_limits`): the account's limits in auth count in it too.
  const limits = createRateLimiter(database.db, clock);
  const auth = createAuth({ env, database, logger, mailer, limits });
  if (env.clockFile)
    logger.warn(
      { clockFile: env.clockFile, now: clock().toISOString() },
      'CLOCK_FILE is set: this server runs on a moved clock (tests only)',
    );
  const jobs = createJobQueue({ env, database, logger });
  const todayOf = dayCounter(env.businessTimeZone);
  const ctx: AppContext = {
    env,
    logger,
    database,
    auth,
    mailer,
    storage,
    clock,
    today: () => todayOf(clock()),
    dayOf: (instant) => businessDay(instant, env.businessTimeZone),
    dayStartsAt: (day) => dayStart(day, env.businessTimeZone).toISOString(),
    jobs,
    limits,
    async close() {
      await jobs.stop();
      await database.destroy();
    },
  };
  await migrateAuth(auth);
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await jobs.init();
  return ctx;
}
