import { GenderSchema, type DeviceSession, type Profile, type ProfileUpdate } from '../../../domain/auth.schema';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import type { AccountDeletionService } from './account-deletion.service';
import { exportDocument } from './account-export-document';
import { ACCOUNT_LIMITS, accountLimitsOf } from './account.limits';
import { createAccountRepository } from './account.repository';
import { describeUserAgent, iso } from './device';

/** A session's "last active" is written at most this often (one small write per member and period). */
export const SESSION_ACTIVITY_GRANULARITY_MS = 5 * 60 * 1000;

/**
 * The member's account: her profile, her signed-in devices, and her data as one file. Deleting
 * it is account-deletion.service.ts's (built beside it in services.ts, one object for the routes).
 */
export function createAccountService(ctx: AppContext) {
  const repo = createAccountRepository(ctx.database.db);
  const limiter = accountLimitsOf(ctx.limits);
  const now = () => ctx.clock().toISOString();

  async function getProfile(userId: string): Promise<Profile> {
    const row = await repo.findProfile(userId);
    if (!row) throw notFound('Account not found');
    const gender = GenderSchema.safeParse(row.gender);
    return {
      id: row.id,
      email: row.email,
      fullName: row.full_name ?? row.name,
      gender: gender.success ? gender.data : 'prefer-not-to-say',
      emailVerified: Boolean(row.emailVerified),
      createdAt: iso(row.createdAt),
    };
  }

  return {
    getProfile,

    /** Changes name, gender (and picture) in the account and the profile at once. */
    async updateProfile(userId: string, patch: ProfileUpdate): Promise<Profile> {
      if (!(await repo.updateProfile(userId, patch, now()))) throw notFound('Account not found');
      return getProfile(userId);
    },

    /** The member's signed-in devices, the current one marked, most recently used first. */
    async listSessions(userId: string, currentSessionId: string): Promise<DeviceSession[]> {
      const rows = await repo.listSessions(userId);
      const at = ctx.clock().getTime();
      return rows
        .filter((r) => new Date(iso(r.expiresAt)).getTime() > at)
        .map((r) => ({
          id: r.id,
          ...describeUserAgent(r.userAgent),
          lastActiveAt: iso(r.updatedAt),
          signedInAt: iso(r.createdAt),
          current: r.id === currentSessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
    },

    /** Signs one device out (not this one: that is Sign Out). */
    async endSession(userId: string, currentSessionId: string, sessionId: string): Promise<void> {
      if (sessionId === currentSessionId)
        throw new DomainError('BAD_REQUEST', 'This is the device you are using: use Sign Out instead.');
      if (!(await repo.deleteSession(userId, sessionId))) throw notFound('Session not found');
    },

    /** Signs every other device out; returns how many. */
    async endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
      return repo.deleteOtherSessions(userId, currentSessionId);
    },

    /** Notes that the session was used (at most once per SESSION_ACTIVITY_GRANULARITY_MS). */
    async touchSession(sessionId: string, lastSeen: Date | null): Promise<void> {
      const at = ctx.clock().getTime();
      if (lastSeen && at - lastSeen.getTime() < SESSION_ACTIVITY_GRANULARITY_MS) return;
      await repo.touchSession(
        sessionId,
        new Date(at).toISOString(),
        new Date(at - SESSION_ACTIVITY_GRANULARITY_MS).toISOString(),
      );
    },

    /** Everything we hold about the member, as one JSON document (never a card number or CVV: we have none). */
    async exportData(userId: string): Promise<Record<string, unknown>> {
      await limiter.enforce(
        `acct:export:${userId}`,
        ACCOUNT_LIMITS.exportsPerMember,
        'You have downloaded your data many times this hour. Please try again later.',
      );
      const d = await repo.exportRows(userId);
      if (!d.user) throw notFound('Account not found');
      return exportDocument({ ...d, user: d.user }, userId, now());
    },
  };
}

export type AccountProfileService = ReturnType<typeof createAccountService>;

/** The account's routes' service: profile, devices and data file, and deleting the account. */
export type AccountService = AccountProfileService & AccountDeletionService;
