import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

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
  };
}
