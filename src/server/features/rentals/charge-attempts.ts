import { DomainError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import type { RateLimit } from '../../rate-limit';

/** Booking and extension charges per member and hour: each reaches the payment provider. */
const chargesOf = (ctx: AppContext): RateLimit => ({
  name: 'rental-charge',
  max: ctx.env.rentalChargeRateLimit,
  windowMs: 60 * 60_000,
});

/**
 * Counts one attempt to charge the member's card for a booking or an extension in the process's
 * one rate limiter (`ctx.limits`); past the limit, a 429 that says when to try again.
 */
export async function takeChargeAttempt(ctx: AppContext, userId: string): Promise<void> {
  const charges = chargesOf(ctx);
  const verdict = await ctx.limits.take(charges, userId);
  if (verdict.allowed) return;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  ctx.logger.child({ feature: 'rentals' }).warn({ userId }, 'rental charge attempts limit reached');
  throw new DomainError(
    'RATE_LIMITED',
    `Too many payment attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { details: { retryAfterSeconds: verdict.retryAfterSeconds, limit: charges.max } },
  );
}
