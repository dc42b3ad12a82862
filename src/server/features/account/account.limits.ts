import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** A limit: at most `max` attempts in `windowSeconds`, counted from the first. */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The account's own limits, beside better-auth's per-IP ones (decision 0013): per address and per
 * member, for everything that sends mail or checks a password. Counted in better-auth's
 * `rateLimit` table under keys of our own ("acct:..."), so every app process shares them, and
 * decided by conditional updates, so concurrent attempts cannot slip past the limit.
 */
export const ACCOUNT_LIMITS = {
  /** Reset links to one address (whether or not it has an account). */
  resetPerAddress: { max: 3, windowSeconds: 60 * 60 },
  /** Verification mails to one address. */
  verificationPerAddress: { max: 3, windowSeconds: 60 * 60 },
  /** Change-of-address mails per member. */
  changeEmailPerMember: { max: 3, windowSeconds: 60 * 60 },
  /** Password checks by a signed-in member (change password, delete account). */
  passwordChecksPerMember: { max: 10, windowSeconds: 15 * 60 },
  /** Data exports per member. */
  exportsPerMember: { max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

/** The longest window above: better-auth must keep rows at least this long (see auth.ts). */
export const LONGEST_ACCOUNT_WINDOW_SECONDS = Math.max(...Object.values(ACCOUNT_LIMITS).map((r) => r.windowSeconds));

export function createAccountLimiter(db: Kysely<DB>, now: () => number = Date.now) {
  /** Counts one attempt; true when it is within the limit. */
  async function consume(key: string, rule: LimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const windowMs = rule.windowSeconds * 1000;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const at = now();
      // Within the current window and under the limit: count it.
      const counted = await db
        .updateTable('rateLimit')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('key', '=', key)
        .where('lastRequest', '>', at - windowMs)
        .where('count', '<', rule.max)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 1) return { allowed: true, retryAfterSeconds: 0 };
      // The window is over: start a new one (only one of several concurrent attempts wins).
      const restarted = await db
        .updateTable('rateLimit')
        .set({ count: 1, lastRequest: at })
        .where('key', '=', key)
        .where('lastRequest', '<=', at - windowMs)
        .executeTakeFirst();
      if (Number(restarted.numUpdatedRows) === 1) return { allowed: true, retryAfterSeconds: 0 };
      // No row yet: the first attempt creates it.
      const inserted = await db
        .insertInto('rateLimit')
        .values({ id: randomUUID(), key, count: 1, lastRequest: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { allowed: true, retryAfterSeconds: 0 };
      const row = await db.selectFrom('rateLimit').select(['count', 'lastRequest']).where('key', '=', key).executeTakeFirst();
      if (row && Number(row.lastRequest) > at - windowMs && Number(row.count) >= rule.max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.lastRequest) + windowMs - at) / 1000)) };
      }
      // The row changed under us (a window ended or began): look again.
    }
    return { allowed: false, retryAfterSeconds: rule.windowSeconds };
  }

  return {
    consume,
    /** Like consume, but a refusal is thrown as 429 in the error shape. */
    async enforce(key: string, rule: LimitRule, message = 'Too many attempts. Please wait a while and try again.'): Promise<void> {
      const { allowed, retryAfterSeconds } = await consume(key, rule);
      if (!allowed) throw new HttpError('RATE_LIMITED', message, { details: { retryAfterSeconds } });
    },
  };
}

export type AccountLimiter = ReturnType<typeof createAccountLimiter>;
