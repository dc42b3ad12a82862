import type { Kysely } from 'kysely';
import type { DB } from './db/schema';

/** A limit: at most `max` attempts per subject in each fixed window of `windowMs`. */
export interface RateLimit {
  /** Names the limit in the stored keys ("card"). */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (when refused, when to try again). */
  retryAfterSeconds: number;
}

/**
 * Our rate limits, counted in the database (table `request_limits`) so every app process shares
 * them. A window is fixed (e.g. 10:00-11:00): its row is created on the first attempt and raised
 * by `count = count + 1 WHERE count < max`, so concurrent attempts never pass the limit. Rows of
 * ended windows are purged by the housekeeping (`purgeExpired`).
 */
export function createRateLimiter(db: Kysely<DB>, clock: () => Date) {
  return {
    async take(limit: RateLimit, subject: string): Promise<RateLimitVerdict> {
      const now = clock().getTime();
      const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
      const windowEnd = windowStart + limit.windowMs;
      const key = `${limit.name}:${subject}:${windowStart}`;
      await db
        .insertInto('request_limits')
        .values({ key, count: 0, expires_at: new Date(windowEnd).toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const res = await db
        .updateTable('request_limits')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('key', '=', key)
        .where('count', '<', limit.max)
        .executeTakeFirst();
      return {
        allowed: Number(res.numUpdatedRows) === 1,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
      };
    },

    /** Deletes the rows of windows that ended before `now`; returns how many. */
    async purgeExpired(now: Date): Promise<number> {
      const res = await db.deleteFrom('request_limits').where('expires_at', '<', now.toISOString()).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
