/**
 * `npm run staff -- add <email>` gives an existing account the staff role (the operations desk at
 * /ops); `npm run staff -- remove <email>` takes it back; `npm run staff -- list` lists staff.
 * Works on the database the server would use: SQLite in DATA_DIR, or DATABASE_URL. Each change is
 * written to the audit log with the actor "cli" (decision 0020). Exit codes: 0 done (or nothing to
 * do), 1 no such account, 2 wrong usage or another failure.
 */
import { createAuth, migrateAuth } from '../src/server/auth';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';
import { setStaffRole } from '../src/server/features/ops/staff-accounts';
import { createLogger } from '../src/server/logger';
import { createMailer } from '../src/server/mailer';
import { createRateLimiter } from '../src/server/rate-limit';

const USAGE = 'usage: npm run staff -- add <email> | remove <email> | list';

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (!command || !['add', 'remove', 'list'].includes(command) || (command !== 'list' && !email) || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger(env.logLevel);
  const database = createDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    // The same idempotent migrations the server runs, so the role column exists on any database.
    // (Migrating needs no secret: a placeholder keeps the command from writing DATA_DIR/auth-secret.)
    const migrationOnly = { ...env, authSecret: env.authSecret ?? 'migration-only-placeholder-secret-0000' };
    await migrateAuth(
      createAuth({
        env: migrationOnly,
        database,
        logger,
        mailer: createMailer({ smtpUrl: undefined, from: env.mailFrom, logger }),
        limits: createRateLimiter(database.db, () => new Date()),
      }),
    );
    await migrateToLatest(database.db);
    const { where } = database;

    if (command === 'list') {
      const staff = await database.db
        .selectFrom('user')
        .select(['email', 'name'])
        .where('role', '=', 'staff')
        .orderBy('email')
        .execute();
      if (staff.length === 0) console.log(`No staff accounts in ${where}.`);
      for (const s of staff) console.log(`${s.email}\t${s.name}`);
      return 0;
    }

    const role = command === 'add' ? 'staff' : 'member';
    const result = await setStaffRole(database.db, email!, role, { kind: 'cli', id: null, email: null });
    if (result.outcome === 'unknown') {
      console.error(
        `No account with the e-mail ${email} in ${where}. The person must sign up first, then run this again.`,
      );
      return 1;
    }
    const who = result.user.email;
    if (command === 'add')
      console.log(
        result.outcome === 'changed'
          ? `${who} is now staff: the operations desk is at /ops.`
          : `${who} is already staff: nothing to do.`,
      );
    else
      console.log(result.outcome === 'changed' ? `${who} is no longer staff.` : `${who} was not staff: nothing to do.`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
