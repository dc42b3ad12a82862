import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createTestApp, type TestApp } from '../test/test-app';
import { createJobQueue } from './create-queue';
import type { JobQueue, QueueSpec } from './queue';
import { QUEUES } from './queues';
import { createScheduler } from './scheduler';
import { createTableQueue } from './table-queue';

/*
 * The job queue's contract on the database it runs on: the one table queue, on SQLite and on
 * PostgreSQL (api-postgres project; decision 0050). Jobs are rows: they outlive the queue object that sent them
 * (a restart), commit or roll back with the sender's transaction, are handed to one worker at a
 * time, come back after a failure (with a delay) and after a dead worker's lease runs out.
 */

const Q = QUEUES.notificationEmail.name; // a singleton queue
const SCAN = QUEUES.reminderScan.name;

let t: TestApp;
const opened: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { jobLeaseSeconds: 1, jobRetryDelaySeconds: 1, jobRetryLimit: 3, jobPollMs: 500 },
  });
});
afterAll(async () => {
  for (const q of opened) await q.stop();
  await t?.close();
});

/** Another queue object on the same database: what a second process (or the same one after a restart) has. */
async function another(): Promise<JobQueue> {
  const q = createJobQueue({ env: t.ctx.env, database: t.ctx.database, logger: createLogger('silent') });
  await q.init();
  opened.push(q);
  return q;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`the job queue (${process.env.TEST_DIALECT})`, () => {
  it('keeps a job sent before a restart and runs it after', async () => {
    const before = await another();
    await before.send(SCAN, { n: 1 }, { singletonKey: 'restart' });
    await before.stop();
    const after = await another();
    const seen: unknown[] = [];
    after.work(SCAN, async (job) => {
      seen.push(job.data);
    });
    expect(await after.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await after.runDue()).toBe(0);
  });

  it('commits a job with the sender’s transaction, and drops it with a rollback', async () => {
    const q = await another();
    const seen: number[] = [];
    q.work<{ n: number }>(Q, async (job) => {
      seen.push(job.data.n);
    });
    await expect(
      t.ctx.database.db.transaction().execute(async (trx) => {
        await q.send(Q, { n: 1 }, { trx, singletonKey: 'tx-1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.ctx.database.db.transaction().execute(async (trx) => {
      await q.send(Q, { n: 2 }, { trx, singletonKey: 'tx-2' });
    });
    await q.runDue();
    expect(seen).toEqual([2]);
  });

  it('keeps one waiting job per singleton key', async () => {
    const q = await another();
    await Promise.all(Array.from({ length: 5 }, (_, i) => q.send(Q, { i }, { singletonKey: 'only-one' })));
    let runs = 0;
    q.work(Q, async () => {
      runs += 1;
    });
    await q.runDue();
    expect(runs).toBe(1);
  });

  it('hands each of 30 jobs to exactly one of two workers polling at once', async () => {
    const [a, b] = [await another(), await another()];
    const handled = new Map<number, string[]>();
    const handler = (who: string) => async (job: { data: { n: number } }) => {
      handled.set(job.data.n, [...(handled.get(job.data.n) ?? []), who]);
      await sleep(5);
    };
    a.work(Q, handler('a'));
    b.work(Q, handler('b'));
    for (let n = 0; n < 30; n += 1) await a.send(Q, { n }, { singletonKey: `many-${n}` });
    await Promise.all([a.runDue([Q]), b.runDue([Q]), a.runDue([Q]), b.runDue([Q])]);
    expect([...handled.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    for (const [n, who] of handled) expect(who, `job ${n}`).toHaveLength(1);
  });

  it('retries a failed job after its delay, and gives up after the retry limit', async () => {
    const q = await another();
    let attempts = 0;
    q.work(Q, async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
    });
    await q.send(Q, {}, { singletonKey: 'flaky' });
    expect(await q.runDue()).toBe(1);
    expect(attempts).toBe(1);
    // Not again at once: the retry waits (1 s, then 2 s with backoff; pg-boss adds jitter).
    expect(await q.runDue()).toBe(0);
    for (const deadline = Date.now() + 20_000; attempts < 3 && Date.now() < deadline;) {
      await sleep(500);
      await q.runDue();
    }
    expect(attempts).toBe(3);

    let doomed = 0;
    const d = await another();
    d.work(SCAN, async () => {
      doomed += 1;
      throw new Error('always');
    });
    await d.send(SCAN, {}, { singletonKey: 'doomed' });
    // Retries wait 1, 2, 4 s (pg-boss: up to twice that, with jitter).
    for (const deadline = Date.now() + 40_000; doomed < 4 && Date.now() < deadline;) {
      await d.runDue();
      await sleep(500);
    }
    await sleep(1500);
    await d.runDue();
    expect(doomed).toBe(4); // 1 + retryLimit 3
  }, 90_000);

  it('takes back the job of a worker that stopped answering once its lease runs out', async () => {
    const dead = await another();
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    let firstStarted = false;
    dead.work(Q, async () => {
      firstStarted = true;
      await stuck; // a worker that hangs (or died) while holding the job
    });
    await dead.send(Q, { x: 1 }, { singletonKey: 'lease' });
    const hanging = dead.runDue([Q]);
    while (!firstStarted) await sleep(20);

    const rescuer = await another();
    let rescued = 0;
    rescuer.work(Q, async () => {
      rescued += 1;
    });
    expect(await rescuer.runDue([Q])).toBe(0); // still leased
    for (let i = 0; i < 20 && rescued === 0; i += 1) {
      await sleep(500);
      await rescuer.maintain();
      await rescuer.runDue([Q]);
    }
    expect(rescued).toBe(1);
    release();
    await hanging;
    // The late worker's completion does not bring the job back.
    expect(await rescuer.runDue([Q])).toBe(0);
  }, 30_000);

  it('runs a periodic task once per interval however many schedulers tick', async () => {
    let runs = 0;
    const HOLD = QUEUES.overdueHold.name; // a queue no other test here uses
    const task = { name: `test-task-${Date.now()}`, everyMs: 60_000, queue: HOLD };
    // Two processes, two schedulers each, all within one interval (their clock stands still).
    const at = Date.now();
    const processes = [await another(), await another()];
    for (const p of processes) p.work(HOLD, async () => void (runs += 1));
    const schedulers = processes.flatMap((jobs) =>
      [0, 1].map(() =>
        createScheduler({ jobs, tasks: [task], logger: createLogger('silent'), tickMs: 50, now: () => at }),
      ),
    );
    await Promise.all(schedulers.flatMap((s) => [s.tick(), s.tick()]));
    await Promise.all(processes.map((p) => p.runDue([HOLD])));
    // Ticking again after the job ran, in the same interval, queues nothing.
    await Promise.all(schedulers.map((s) => s.tick()));
    await Promise.all(processes.map((p) => p.runDue([HOLD])));
    expect(runs).toBe(1);
  });
});

describe.skipIf(process.env.TEST_DIALECT === 'postgres')('the table queue with a moved clock (sqlite)', () => {
  it('backs off 1 s, 2 s, 4 s between attempts, and sends a job visible only after its delay', async () => {
    let now = Date.parse('2026-11-23T09:00:00Z');
    const specs: QueueSpec[] = [{ name: 'backoff', singleton: true }];
    const q = createTableQueue({
      db: t.ctx.database.db,
      specs,
      settings: { pollMs: 500, leaseSeconds: 30, retryDelaySeconds: 1, retryLimit: 5 },
      logger: createLogger('silent'),
      now: () => now,
    });
    const at: number[] = [];
    q.work('backoff', async () => {
      at.push(now);
      throw new Error('no');
    });
    await q.send('backoff', {}, { delayMs: 10_000 });
    expect(await q.runDue()).toBe(0);
    now += 10_000;
    for (let i = 0; i < 140; i += 1) {
      await q.runDue();
      now += 250;
    }
    const start = at[0]!;
    expect(at.map((x) => x - start)).toEqual([0, 1000, 3000, 7000, 15000, 31000]);
  });
});
