import type { Generated } from 'kysely';

/**
 * The tables our own code reads and writes through Kysely. better-auth owns `user`, `session`,
 * `account`, `verification` and `rateLimit`; only the columns we read are typed here.
 *
 * Conventions (docs/decisions/0003-database.md): timestamps are ISO-8601 text, calendar dates
 * are 'YYYY-MM-DD' text, money is integer cents, booleans are integers 0/1, so the same
 * migrations and queries run on SQLite and PostgreSQL.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  full_name: string | null;
  gender: string | null;
  createdAt: Date | string;
}

export interface ProfilesTable {
  id: string;
  full_name: string;
  gender: string;
  created_at: string;
  updated_at: string;
}

export interface DB {
  user: UserTable;
  profiles: ProfilesTable;
}

export type { Generated };
