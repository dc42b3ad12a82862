import { DomainError } from '../../../domain/errors';
import type { RateLimiter } from '../../rate-limit';

/** A limit: at most `max` attempts in each window of `windowSeconds`. */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The account's own limits, beside better-auth's per-IP ones (decision 0013): per address and per
 * member, for everything that sends mail or checks a password. Counted by our one rate limiter
 * (src/server/rate-limit.ts, table `request_limits`), like the card and contact limits: every
 * app process shares the count, and a conditional update decides, so concurrent attempts cannot
 * slip past the limit.
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

/** The account's limits counted by the process's one rate limiter (`ctx.limits`), in its words. */
export function accountLimitsOf(limiter: RateLimiter) {
  /** Counts one attempt; true when it is within the limit. */
  async function consume(key: string, rule: LimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const verdict = await limiter.take({ name: 'account', max: rule.max, windowMs: rule.windowSeconds * 1000 }, key);
    return { allowed: verdict.allowed, retryAfterSeconds: verdict.allowed ? 0 : verdict.retryAfterSeconds };
  }

  return {
    consume,
    /** Like consume, but a refusal is thrown as 429 in the error shape. */
    async enforce(
      key: string,
      rule: LimitRule,
      message = 'Too many attempts. Please wait a while and try again.',
    ): Promise<void> {
      const { allowed, retryAfterSeconds } = await consume(key, rule);
      if (!allowed) throw new DomainError('RATE_LIMITED', message, { details: { retryAfterSeconds } });
    },
  };
}

export type AccountLimiter = ReturnType<typeof accountLimitsOf>;
