import { type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteAccount, type DeletionOptions } from './account-deletion';
import { exportRows } from './account-export';

/** What a profile change writes (already validated by the domain's ProfileUpdateSchema). */
export interface ProfilePatch {
  fullName?: string | undefined;
  gender?: string | undefined;
  image?: string | null | undefined;
}

/** The name and marks a deleted account keeps (decision 0013). */
export function createAccountRepository(db: Kysely<DB>) {
  return {
    findProfile(userId: string) {
      return db
        .selectFrom('user')
        .leftJoin('profiles', 'profiles.id', 'user.id')
        .select([
          'user.id as id',
          'user.email',
          'user.name',
          'user.emailVerified',
          'user.createdAt',
          'profiles.full_name',
          'profiles.gender',
        ])
        .where('user.id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The one place a profile changes. better-auth's `user` row is written first (that locks it),
     * then the `profiles` row is copied from it in the same transaction, so the two can never
     * disagree, even when changes race.
     */
    async updateProfile(userId: string, patch: ProfilePatch, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('user')
          .set({
            ...(patch.fullName !== undefined ? { name: patch.fullName, full_name: patch.fullName } : {}),
            ...(patch.gender !== undefined ? { gender: patch.gender } : {}),
            ...(patch.image !== undefined ? { image: patch.image } : {}),
            updatedAt: now,
          })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const user = await trx
          .selectFrom('user')
          .select(['name', 'full_name', 'gender'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const fullName = user.full_name ?? user.name;
        const gender = user.gender ?? 'prefer-not-to-say';
        await trx
          .insertInto('profiles')
          .values({ id: userId, full_name: fullName, gender, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: fullName, gender, updated_at: now }))
          .execute();
        return true;
      });
    },

    /** The password hash of the member's e-mail sign-in, if she has one. */
    async credentialHash(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .executeTakeFirst();
      return row?.password ?? null;
    },

    /** The user a reset token was issued to (better-auth keeps it as 'reset-password:<token>'). */
    async userOfResetToken(token: string) {
      return db
        .selectFrom('verification')
        .innerJoin('user', 'user.id', 'verification.value')
        .select(['user.id', 'user.email', 'user.name'])
        .where('verification.identifier', '=', `reset-password:${token}`)
        .executeTakeFirst();
    },

    listSessions(userId: string) {
      return db
        .selectFrom('session')
        .select(['id', 'userAgent', 'createdAt', 'updatedAt', 'expiresAt'])
        .where('userId', '=', userId)
        .orderBy('updatedAt', 'desc')
        .execute();
    },

    /** Ends one of the member's sessions; false when she has no session with that id. */
    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('session')
        .where('id', '=', sessionId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** Ends every session of the member but `keepId`; returns how many ended. */
    async deleteOtherSessions(userId: string, keepId: string): Promise<number> {
      const res = await db
        .deleteFrom('session')
        .where('userId', '=', userId)
        .where('id', '<>', keepId)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Records that a session was used now, if it was last recorded before `staleBefore`. */
    async touchSession(sessionId: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('session')
        .set({ updatedAt: now })
        .where('id', '=', sessionId)
        .where('updatedAt', '<', staleBefore)
        .execute();
    },

    /** Everything we hold about the member, for "download my data" (account-export.ts). */
    exportRows: (userId: string) => exportRows(db, userId),

    /** Deletes an account in one transaction (account-deletion.ts). */
    deleteAccount: (userId: string, opts: DeletionOptions) => deleteAccount(db, userId, opts),
  };
}
