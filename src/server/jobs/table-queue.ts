import { hostname } from 'node:os';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { retryDelayMs, type Job, type JobHandler, type JobQueue, type QueueSettings, type QueueSpec } from './queue';

/** Finished jobs are kept this long for a reader of the table, then deleted by maintain(). */
const KEEP_FINISHED_MS = 7 * 86_400_000;

type Claimed = { id: number; queue: string; data: string; attempts: number };

/**
 * The job queue, on SQLite and PostgreSQL alike (decisions 0021, 0050). A job is a row in `jobs`:
 * - send: an insert (in the caller's transaction when given); a singleton key that is already
 *   queued or running makes the insert a no-op (partial unique index), and so does a once key
 *   that any job of the queue carried (unique index): the scheduler's period keys.
 * - claim: one conditional update of the oldest due job that sets it active with a lease
 *   (PostgreSQL: FOR UPDATE SKIP LOCKED, so several processes claim different jobs at once).
 * - a job whose lease ran out (its worker died) is claimable again; a failure is retried after
 *   base * 2^(attempt-1) seconds until max_attempts, then left 'failed' with its error.
 * Times are the real time (`now`), not the business clock: leases and retries are about
 * processes, not about "today".
 */
export function createTableQueue(opts: {
  db: Kysely<DB>;
  specs: QueueSpec[];
  settings: QueueSettings;
  logger: Logger;
  now?: () => number;
}): JobQueue {
  const { db, settings, logger } = opts;
  const now = opts.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const handlers = new Map<string, JobHandler>();
  const worker = `${hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /**
   * One claim: a single conditional update of the oldest due job, on both databases. The job is
   * picked by a subquery that, on PostgreSQL, locks it and skips jobs another process is claiming
   * (FOR UPDATE SKIP LOCKED; SQLite drops the clause, db/row-locks.ts, and runs one write at a
   * time); the update repeats the conditions, so a job is never claimed twice.
   */
  async function claim(queue: string): Promise<Claimed | null> {
    const at = now();
    const due = (eb: ExpressionBuilder<DB, 'jobs'>) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', iso(at))]),
        eb.and([
          eb('state', '=', 'active'),
          eb('locked_until', '<', iso(at)),
          eb('attempts', '<', eb.ref('max_attempts')),
        ]),
      ]);
    const row = await db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        locked_until: iso(at + settings.leaseSeconds * 1000),
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', queue)
          .where(due)
          .orderBy('run_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      // The same conditions again: whoever changed the row first wins, the other updates nothing.
      .where(due)
      .returning(['id', 'queue', 'data', 'attempts'])
      .executeTakeFirst();
    return row ?? null;
  }

  async function finish(job: Claimed, error: unknown): Promise<void> {
    const at = now();
    const mine = (q: ReturnType<typeof db.updateTable<'jobs'>>) =>
      q.where('id', '=', job.id).where('state', '=', 'active').where('attempts', '=', job.attempts);
    if (error === null) {
      await mine(
        db.updateTable('jobs').set({ state: 'done', locked_until: null, finished_at: iso(at), last_error: null }),
      ).execute();
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const row = await db.selectFrom('jobs').select('max_attempts').where('id', '=', job.id).executeTakeFirst();
    const again = row !== undefined && job.attempts < row.max_attempts;
    await mine(
      db.updateTable('jobs').set(
        again
          ? {
              state: 'queued',
              locked_until: null,
              run_at: iso(at + retryDelayMs(settings.retryDelaySeconds, job.attempts)),
              last_error: message.slice(0, 1000),
            }
          : { state: 'failed', locked_until: null, finished_at: iso(at), last_error: message.slice(0, 1000) },
      ),
    ).execute();
    logger.warn(
      { queue: job.queue, jobId: job.id, attempt: job.attempts, retry: again, err: message },
      again ? 'job failed, will retry' : 'job failed for good',
    );
  }

  async function runOne(queue: string): Promise<boolean> {
    const handler = handlers.get(queue);
    if (!handler) return false;
    const job = await claim(queue);
    if (!job) return false;
    let error: unknown = null;
    try {
      const data: unknown = JSON.parse(job.data);
      await handler({ id: String(job.id), queue: job.queue, data } satisfies Job<unknown>);
    } catch (err) {
      error = err ?? new Error('job failed');
    }
    await finish(job, error);
    return true;
  }

  /** Rounds over the queues until one runs nothing (a job may queue another, e.g. a scan its e-mails). */
  async function runDue(queues?: string[]): Promise<number> {
    let count = 0;
    for (;;) {
      let ran = 0;
      for (const queue of queues ?? [...handlers.keys()]) {
        while (await runOne(queue)) ran += 1;
      }
      count += ran;
      if (ran === 0) return count;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((err: unknown) => logger.error({ err, worker }, 'job polling failed'))
        .finally(() => schedule(settings.pollMs));
    }, delay);
  }

  return {
    async init() {
      // The table is created by the migrations.
    },
    async send(queue, data, o = {}) {
      if (!opts.specs.some((s) => s.name === queue)) throw new Error(`unknown queue ${queue}`);
      const at = now();
      const res = await (o.trx ?? db)
        .insertInto('jobs')
        .values({
          queue,
          data: JSON.stringify(data),
          state: 'queued',
          attempts: 0,
          max_attempts: settings.retryLimit + 1,
          run_at: iso(at + (o.delayMs ?? 0)),
          singleton_key: o.singletonKey ?? null,
          once_key: o.onceKey ?? null,
          created_at: iso(at),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    work(queue, handler) {
      handlers.set(queue, handler as JobHandler);
    },
    async start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runDue,
    async maintain() {
      const at = now();
      // Jobs whose worker died on their last attempt: failed.
      await db
        .updateTable('jobs')
        .set({
          state: 'failed',
          locked_until: null,
          finished_at: iso(at),
          last_error: 'the worker stopped before finishing (lease expired)',
        })
        .where('state', '=', 'active')
        .where('locked_until', '<', iso(at))
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .execute();
      await db
        .deleteFrom('jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('finished_at', '<', iso(at - KEEP_FINISHED_MS))
        .execute();
    },
  };
}
