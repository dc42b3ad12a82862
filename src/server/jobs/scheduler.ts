import type { Logger } from '../logger';
import type { JobQueue } from './queue';

/** A periodic job: one job of `queue` per `everyMs` across every process that runs the scheduler. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** The queue whose job does the work. */
  queue: string;
  /** The job's singleton key (one waiting at a time); the task's name when absent. */
  singletonKey?: string;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** One round now: queues each task's job unless its period already has one. Returns the names queued. */
  tick(): Promise<string[]>;
}

/**
 * Periodic work through the job queue (decision 0050). Every process ticks; a tick sends each
 * task's job with the once key of the current period (`<name>@<n>`, n = now / everyMs), which the
 * queue keeps unique: however many processes tick, one job per period is queued, and the queue
 * hands it to one worker. A job dropped because one is still waiting (the singleton key) is sent
 * again at the next tick. Real time, not the business clock: intervals are about processes.
 */
export function createScheduler(opts: {
  jobs: JobQueue;
  tasks: PeriodicTask[];
  logger: Logger;
  tickMs: number;
  now?: () => number;
}): Scheduler {
  const { jobs, tasks, logger } = opts;
  const now = opts.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function tick(): Promise<string[]> {
    const at = now();
    const queued: string[] = [];
    for (const task of tasks) {
      try {
        const period = Math.floor(at / task.everyMs);
        const sent = await jobs.send(
          task.queue,
          {},
          { singletonKey: task.singletonKey ?? task.name, onceKey: `${task.name}@${period}` },
        );
        if (sent) queued.push(task.name);
      } catch (err) {
        logger.error({ err, task: task.name }, 'periodic task failed');
      }
    }
    return queued;
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
