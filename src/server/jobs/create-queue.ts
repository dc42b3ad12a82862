import type { Database } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createPgBossQueue } from './pgboss-queue';
import type { JobQueue } from './queue';
import { QUEUE_SPECS } from './queues';
import { createTableQueue } from './table-queue';

/** The queue for this database: pg-boss on PostgreSQL, the table queue on SQLite (decision 0021). */
export function createJobQueue(opts: { env: Env; database: Database; logger: Logger }): JobQueue {
  const { env, database, logger } = opts;
  const settings = {
    pollMs: env.jobPollMs,
    leaseSeconds: env.jobLeaseSeconds,
    retryDelaySeconds: env.jobRetryDelaySeconds,
    retryLimit: env.jobRetryLimit,
  };
  if (database.dialect === 'postgres' && env.databaseUrl) {
    return createPgBossQueue({ databaseUrl: env.databaseUrl, specs: QUEUE_SPECS, settings, logger });
  }
  return createTableQueue({ db: database.db, dialect: database.dialect, specs: QUEUE_SPECS, settings, logger });
}
