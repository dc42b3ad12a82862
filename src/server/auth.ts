import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { GenderSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/auth.schema';
import { toErrorIssues } from '../domain/errors';
import type { Database } from './db/database';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mailer';
import { z } from 'zod';

/** The header our own middleware sets from the socket, so nobody can spoof it from outside. */
export const CLIENT_IP_HEADER = 'x-rentique-client-ip';

/**
 * The auth secret: BETTER_AUTH_SECRET, or a random one generated on first start and kept in
 * DATA_DIR/auth-secret (mode 0600), so sessions survive restarts and no secret lives in code.
 */
export function resolveAuthSecret(env: Pick<Env, 'authSecret' | 'dataDir'>): string {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

// What sign-up accepts beyond better-auth's own email/password checks.
const SignUpExtrasSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(120),
  gender: GenderSchema,
});

export function createAuth(opts: { env: Env; database: Database; logger: Logger; mailer: Mailer }) {
  const { env, database, logger, mailer } = opts;
  const secure = env.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Rentique',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(env),
    database: { db: database.db, type: database.dialect },
    trustedOrigins: env.trustedOrigins,
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your email for Rentique',
          text: `Welcome to Rentique.\n\nConfirm your email address by opening this link:\n${url}\n\nIf you did not create an account, ignore this message.`,
        });
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: true, input: true, fieldName: 'full_name' },
        gender: { type: 'string', required: true, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: env.signInRateLimit },
        '/sign-up/email': { window: 60, max: Math.max(10, env.signInRateLimit) },
        // Every page view reads the session; reading it is not an attack surface worth throttling.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Keep the origin/CSRF checks on in every environment, tests included.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const parsed = SignUpExtrasSchema.safeParse(ctx.body ?? {});
        if (!parsed.success) {
          const issues = toErrorIssues(parsed.error.issues);
          throw new APIError('BAD_REQUEST', {
            message: `${issues[0]?.path ?? 'body'}: ${issues[0]?.message ?? 'invalid'}`,
          });
        }
        // better-auth keeps `name`; we keep it equal to the full name.
        ctx.body = { ...ctx.body, name: parsed.data.fullName, fullName: parsed.data.fullName, gender: parsed.data.gender };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            const now = new Date().toISOString();
            const u = user as typeof user & { fullName?: string; gender?: string };
            await database.db
              .insertInto('profiles')
              .values({ id: user.id, full_name: u.fullName ?? user.name, gender: u.gender ?? 'prefer-not-to-say', created_at: now, updated_at: now })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's own tables (its CLI needs Node 22; this is the programmatic route). */
export async function migrateAuth(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
