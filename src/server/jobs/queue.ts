import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The one interface of background work (decisions 0021, 0050), implemented once for both
 * databases by the table queue (table-queue.ts). It is durable (a job is a row: it survives a
 * restart), hands each job to one worker at a time (a conditional update; SKIP LOCKED on
 * PostgreSQL), retries a failed job with a growing delay, and takes back the job of a worker
 * that died (its lease runs out). Handlers must still be idempotent: a job can run again after a
 * crash, so "exactly once" effects are claimed in the database.
 */

/** The schema pg-boss kept its tables in on PostgreSQL before decision 0050; an upgraded database may still have it. */
export const PGBOSS_SCHEMA = 'pgboss';

/** A queue the app uses, declared up front (a send to an undeclared queue is refused). */
export interface QueueSpec {
  name: string;
  /**
   * At most one job per singleton key waiting and one running: a second send with the key of a
   * waiting job is dropped (a partial unique index).
   */
  singleton?: boolean;
}

export interface SendOptions {
  /** Send as part of this transaction: the job exists if and only if the transaction commits. */
  trx?: Kysely<DB>;
  /** See QueueSpec.singleton. */
  singletonKey?: string;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /**
   * A key no other job of the queue ever carries (whatever its state): a second send with it is
   * dropped, even after the first job ran. The scheduler's period keys (scheduler.ts).
   */
  onceKey?: string;
}

export interface Job<T> {
  id: string;
  queue: string;
  data: T;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/** How the queues retry and lease, from the environment (README "Environment"). */
export interface QueueSettings {
  pollMs: number;
  leaseSeconds: number;
  retryDelaySeconds: number;
  retryLimit: number;
}

export interface JobQueue {
  /** Creates what the queue needs (nothing: the migrations made its table). Idempotent. */
  init(): Promise<void>;
  /** Queues a job; false when a singleton or once key dropped it. */
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<boolean>;
  /** The handler of a queue; polling starts with start(). */
  work<T>(queue: string, handler: JobHandler<T>): void;
  /** Starts polling every queue that has a handler. */
  start(): Promise<void>;
  /** Stops polling and lets running handlers finish (a few seconds at most); closes connections. */
  stop(): Promise<void>;
  /**
   * Runs, one after another in this process, every job of these queues (default: every queue with
   * a handler) that is due now, until none is left; returns how many ran. For tests and scripts.
   */
  runDue(queues?: string[]): Promise<number>;
  /** Housekeeping: returns the jobs of dead workers, drops old finished jobs. */
  maintain(): Promise<void>;
}

/** The delay before retry number `attempt` (1, 2, ...): the base doubled each time, at most an hour. */
export function retryDelayMs(baseSeconds: number, attempt: number): number {
  return Math.min(3_600_000, baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1));
}
