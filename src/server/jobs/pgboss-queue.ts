import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import type { JobHandler, JobQueue, QueueSettings, QueueSpec } from './queue';

/** pg-boss keeps its tables in this schema of our database. */
export const PGBOSS_SCHEMA = 'pgboss';

/** pg-boss's executor on a Kysely connection or transaction: a send inside our transaction commits with it. */
function kyselyExecutor(q: Kysely<DB>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await q.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

/**
 * The queue on PostgreSQL: pg-boss 10 (decision 0021). Each queue is created with its retry
 * policy (retryLimit, retryDelay doubling with retryBackoff) and a lease (expireInSeconds: an
 * active job not finished by then is failed and retried, e.g. when its process died); singleton
 * queues use the 'stately' policy. pg-boss's own cron and supervisor timers are off: our
 * scheduler (scheduler.ts) calls maintain(), and workers start only in processes that run jobs.
 */
export function createPgBossQueue(opts: { databaseUrl: string; specs: QueueSpec[]; settings: QueueSettings; logger: Logger }): JobQueue {
  const { settings, logger } = opts;
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema: PGBOSS_SCHEMA,
    max: 4,
    application_name: 'rentique-jobs',
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (err: unknown) => logger.error({ err }, 'pg-boss error'));
  const handlers = new Map<string, JobHandler>();
  let started: Promise<unknown> | null = null;
  const ensureStarted = () => (started ??= boss.start());

  const queueOptions = (spec: QueueSpec): PgBoss.Queue => ({
    name: spec.name,
    policy: spec.singleton ? 'stately' : 'standard',
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.leaseSeconds,
  });

  async function runOne(queue: string): Promise<boolean> {
    const handler = handlers.get(queue);
    if (!handler) return false;
    const [job] = await boss.fetch<unknown>(queue, { batchSize: 1 });
    if (!job) return false;
    try {
      await handler({ id: job.id, queue, data: job.data });
      await boss.complete(queue, job.id);
    } catch (err) {
      await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
      logger.warn({ queue, jobId: job.id, err }, 'job failed');
    }
    return true;
  }

  return {
    kind: 'pg-boss',
    async init() {
      await ensureStarted();
      for (const spec of opts.specs) {
        await boss.createQueue(spec.name, queueOptions(spec));
        // createQueue keeps an existing queue as it was: apply today's settings.
        await boss.updateQueue(spec.name, queueOptions(spec));
      }
    },
    async send(queue, data, o = {}) {
      if (!opts.specs.some((s) => s.name === queue)) throw new Error(`unknown queue ${queue}`);
      await ensureStarted();
      await boss.send(queue, data, {
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.delayMs ? { startAfter: Math.ceil(o.delayMs / 1000) } : {}),
        ...(o.trx ? { db: kyselyExecutor(o.trx) } : {}),
      });
    },
    work(queue, handler) {
      handlers.set(queue, handler as JobHandler);
    },
    async start() {
      await ensureStarted();
      for (const [queue, handler] of handlers) {
        await boss.work<unknown>(queue, { pollingIntervalSeconds: settings.pollMs / 1000, batchSize: 1 }, async ([job]) => {
          if (job) await handler({ id: job.id, queue, data: job.data });
        });
      }
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      started = null;
    },
    async runDue(queues) {
      await ensureStarted();
      // Rounds over the queues until one runs nothing (a job may queue another, e.g. a scan its e-mails).
      let count = 0;
      for (;;) {
        let ran = 0;
        for (const queue of queues ?? [...handlers.keys()]) {
          while (await runOne(queue)) ran += 1;
        }
        count += ran;
        if (ran === 0) return count;
      }
    },
    async maintain() {
      await ensureStarted();
      await boss.maintain();
    },
  };
}
