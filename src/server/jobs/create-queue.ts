import type { Database } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { JobQueue } from './queue';
import { QUEUE_SPECS } from './queues';
import { createTableQueue } from './table-queue';

/** The job queue on this database: the table queue, on SQLite and PostgreSQL alike (decision 0050). */
export function createJobQueue(opts: { env: Env; database: Database; logger: Logger }): JobQueue {
  const { env, database, logger } = opts;
  const settings = {
    pollMs: env.jobPollMs,
    leaseSeconds: env.jobLeaseSeconds,
    retryDelaySeconds: env.jobRetryDelaySeconds,
    retryLimit: env.jobRetryLimit,
  };
  return createTableQueue({ db: database.db, specs: QUEUE_SPECS, settings, logger });
}
