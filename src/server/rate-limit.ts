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
 * them. A window is fixed (e.g. 10:00-11:00): its row is created at 1 by the first attempt and
 * raised by the next (`ON CONFLICT DO UPDATE SET count = count + 1 WHERE count < max`, one
 * statement), so concurrent attempts never pass the limit. Rows of
 * ended windows are purged by the housekeeping (`purgeExpired`).
 */
export function createRateLimiter(db: Kysely<DB>, clock: () => Date) {
  return {
    async take(limit: RateLimit, subject: string): Promise<RateLimitVerdict> {
      const now = clock().getTime();
      const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
      const windowEnd = windowStart + limit.windowMs;
      const key = `${limit.name}:${subject}:${windowStart}`;
      // One statement: the window's first attempt inserts its row at 1; a later one raises it
      // while it is under the limit. No row comes back when the limit is reached.
      const taken =
        limit.max > 0 &&
        (await db
          .insertInto('request_limits')
          .values({ key, count: 1, expires_at: new Date(windowEnd).toISOString() })
          .onConflict((oc) =>
            oc
              .column('key')
              .doUpdateSet((eb) => ({ count: eb('request_limits.count', '+', 1) }))
              .where('request_limits.count', '<', limit.max),
          )
          .returning('count')
          .executeTakeFirst()) !== undefined;
      return {
        allowed: taken,
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
