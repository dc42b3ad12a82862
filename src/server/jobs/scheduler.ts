import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';

/** A periodic task: `run` is called once per `everyMs` across every process that runs the scheduler. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** One round now: runs each task whose slot is due and won by this process. Returns the names run. */
  tick(): Promise<string[]>;
}

/**
 * Runs periodic tasks as singletons across processes (decision 0021). Every process ticks; a
 * task's slot row in `scheduler_slots` holds when it is next due, and only the process whose
 * conditional update (`... WHERE next_run_at <= now`) moves it forward runs the task: on
 * PostgreSQL a concurrent update waits for the first and then finds the condition false.
 * Real time, not the business clock: intervals are about processes.
 */
export function createScheduler(opts: { db: Kysely<DB>; tasks: PeriodicTask[]; logger: Logger; tickMs: number; now?: () => number }): Scheduler {
  const { db, tasks, logger } = opts;
  const now = opts.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function claim(task: PeriodicTask): Promise<boolean> {
    const at = now();
    await db
      .insertInto('scheduler_slots')
      .values({ name: task.name, next_run_at: iso(at), last_run_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const res = await db
      .updateTable('scheduler_slots')
      .set({ next_run_at: iso(at + task.everyMs), last_run_at: iso(at) })
      .where('name', '=', task.name)
      .where('next_run_at', '<=', iso(at))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function tick(): Promise<string[]> {
    const ran: string[] = [];
    for (const task of tasks) {
      try {
        if (!(await claim(task))) continue;
        await task.run();
        ran.push(task.name);
      } catch (err) {
        logger.error({ err, task: task.name }, 'periodic task failed');
      }
    }
    return ran;
  }

  function loop(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(() => loop(opts.tickMs));
    }, delay);
  }

  return {
    start() {
      stopped = false;
      loop(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
    tick,
  };
}
