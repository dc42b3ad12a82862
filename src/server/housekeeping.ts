import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from './context';
import { uploadsDir } from './storage/storage';

/**
 * Clearing what would otherwise only grow: rows of rate limits whose window is over (better-auth's
 * `rateLimit` table and our `request_limits`) and temp files left in the uploads folder by an
 * upload interrupted mid-write (a crash between writing `<name>.<pid>.tmp` and renaming it).
 * Runs once at start, before the server listens, and then every HOUSEKEEPING_INTERVAL_MS.
 */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * better-auth's rows are kept this long after their last request: far longer than its longest
 * window (60 s, see auth.ts), so a purge never resets a count still in force.
 */
export const AUTH_RATE_LIMIT_KEEP_MS = 60 * 60_000;

/**
 * A temp file is removed once it is this old: several app processes may share the uploads folder,
 * and a file another process is writing right now is younger than this.
 */
export const TMP_MIN_AGE_MS = 10 * 60_000;

export interface HousekeepingReport {
  authRateLimitRows: number;
  requestLimitRows: number;
  tempFiles: number;
}

/** Removes `*.tmp` files older than TMP_MIN_AGE_MS from `dir`; returns how many. */
async function sweepTempFiles(dir: string, nowMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0; // no uploads yet (or files kept elsewhere)
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || nowMs - info.mtimeMs < TMP_MIN_AGE_MS) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // gone meanwhile: fine
    }
  }
  return removed;
}

/** One round of housekeeping. */
export async function runHousekeeping(ctx: AppContext): Promise<HousekeepingReport> {
  const now = ctx.clock();
  const { db } = ctx.database;
  const auth = await db
    .deleteFrom('rateLimit')
    .where('lastRequest', '<', now.getTime() - AUTH_RATE_LIMIT_KEEP_MS)
    .executeTakeFirst();
  const requestLimitRows = await ctx.limits.purgeExpired(now);
  // File ages are the file system's: compared with the real time, not the app's clock.
  const tempFiles = await sweepTempFiles(uploadsDir(ctx.env.dataDir), Date.now());
  return { authRateLimitRows: Number(auth.numDeletedRows), requestLimitRows, tempFiles };
}

/**
 * Runs the housekeeping every `intervalMs` (the timer does not keep the process alive); returns
 * a function that stops it. A failed round is logged and the next one tries again.
 */
export function startHousekeeping(ctx: AppContext, opts: { intervalMs?: number } = {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runHousekeeping(ctx)
      .then((report) => ctx.logger.debug({ ...report }, 'housekeeping'))
      .catch((err: unknown) => ctx.logger.warn({ err }, 'housekeeping failed'))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
