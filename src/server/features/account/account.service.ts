import { GenderSchema, type Profile } from '../../../domain/auth.schema';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { createAccountRepository } from './account.repository';

export function createAccountService(ctx: AppContext) {
  const repo = createAccountRepository(ctx.database.db);
  return {
    /** The member's profile; gender falls back to prefer-not-to-say if the stored value is unknown. */
    async getProfile(userId: string): Promise<Profile> {
      const row = await repo.findProfile(userId);
      if (!row) throw notFound('Account not found');
      const gender = GenderSchema.safeParse(row.gender);
      const created = row.createdAt as unknown;
      return {
        id: row.id,
        email: row.email,
        fullName: row.full_name ?? row.name,
        gender: gender.success ? gender.data : 'prefer-not-to-say',
        emailVerified: Boolean(row.emailVerified),
        createdAt: created instanceof Date ? created.toISOString() : new Date(String(created)).toISOString(),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
