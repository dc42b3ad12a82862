import type { BookingsCore } from '../bookings';
import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queues';
import { DomainError } from '../../../domain/errors';
import { ACCOUNT_LIMITS, accountLimitsOf } from './account.limits';
import { createAccountRepository } from './account.repository';

/**
 * Deleting an account (decision 0013; her content, decision 0040): her password first, then one
 * transaction (account-deletion.ts) unless rentals out, reservations not sent yet or pieces
 * rented out stand in the way; her waitlist holds go back through the bookings core, and her
 * reservations not sent yet may be cancelled first when she asks (a full refund).
 */
export function createAccountDeletionService(
  ctx: AppContext,
  deps: {
    /** Cancels one of her reservations not sent yet (services.ts: the rentals feature's Cancel, a full refund). */
    cancelReservation: (userId: string, rentalId: number) => Promise<unknown>;
    core: BookingsCore;
  },
) {
  const repo = createAccountRepository(ctx.database.db);
  const limiter = accountLimitsOf(ctx.limits);
  const now = () => ctx.clock().toISOString();
  const { cancelReservation, core } = deps;

  /** True when `password` is the member's current password. */
  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const hash = await repo.credentialHash(userId);
    if (!hash) return false;
    const authContext = await ctx.auth.$context;
    return authContext.password.verify({ hash, password });
  }

  return {
    /**
     * Deletes the account (password required; refused while she has rentals out or pieces
     * rented out). Personal data goes in one transaction; every session ends.
     */
    async deleteAccount(
      userId: string,
      password: string,
      opts: { cancelReservations?: boolean | undefined } = {},
    ): Promise<void> {
      await limiter.enforce(
        `acct:password:${userId}`,
        ACCOUNT_LIMITS.passwordChecksPerMember,
        'Too many password attempts. Please wait a few minutes and try again.',
      );
      if (!(await passwordMatches(userId, password)))
        throw new DomainError('FORBIDDEN', 'That password is not right.', { details: { field: 'password' } });
      const attempt = (at = now()) =>
        repo.deleteAccount(userId, {
          now: at,
          today: ctx.today(),
          // Units held for her on waitlists: released by the bookings core, offered to the next member.
          releaseHolds: async (trx, bookingIds) => {
            await core.release(trx, bookingIds, at);
            await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
          },
        });
      let result = await attempt();
      // Her reservations not sent yet are all that stands in the way, and she asked: each is
      // cancelled as her Cancel does (a full refund), then the deletion runs again.
      if (!result.ok && opts.cancelReservations && result.unsent.length && !result.renting && !result.lentOut.length) {
        for (const r of result.unsent) await cancelReservation(userId, r.rentalId);
        result = await attempt();
      }
      if (!result.ok) {
        const parts: string[] = [];
        if (result.renting)
          parts.push(
            `you have ${result.renting === 1 ? 'a rental' : `${result.renting} rentals`} out: return ${result.renting === 1 ? 'it' : 'them'} first`,
          );
        const next = result.unsent[0];
        if (next) {
          const more = result.unsent.length > 1 ? ` (and ${result.unsent.length - 1} more)` : '';
          parts.push(
            `your booking of ${next.name}${more} has not been sent yet: cancel it first (a full refund), or delete and cancel together`,
          );
        }
        const first = result.lentOut[0];
        if (first) {
          const more = result.lentOut.length > 1 ? ` (and ${result.lentOut.length - 1} more)` : '';
          parts.push(`your ${first.name}${more} is rented out until ${first.endDate}`);
        }
        throw new DomainError('CONFLICT', `Your account cannot be deleted yet: ${parts.join('; ')}.`, {
          details: {
            openRentals: result.renting,
            unsentReservations: result.unsent,
            rentedOutListings: result.lentOut,
          },
        });
      }
      // Her photos (listings, reviews) leave the storage the app uses (the disk, or the S3 bucket several processes share).
      await Promise.all(
        result.files.map((f) =>
          ctx.storage.delete(f).catch((err: unknown) => ctx.logger.warn({ err, file: f }, 'could not delete upload')),
        ),
      );
      ctx.logger.info({ userId }, 'account deleted');
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
