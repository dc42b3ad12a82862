import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import {
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_WEAK,
  ProfileUpdateSchema,
  RESET_LINK_TTL_MINUTES,
  SignUpRequestSchema,
} from '../domain/auth.schema';
import { toErrorIssues, type ErrorIssue } from '../domain/errors';
import type { Database } from './db/database';
import type { Env } from './env';
// Sign-up, sign-in and password rules of the account feature that better-auth's hooks apply. The
// files themselves, not the feature's index: the index brings the routes, which need this module.
import { ACCOUNT_LIMITS, accountLimitsOf, type LimitRule } from './features/account/account.limits';
import { createAccountRepository } from './features/account/account.repository';
import { checkPasswordStrength } from './features/account/password-strength';
import type { Logger } from './logger';
import type { Mail, Mailer } from './mailer';
import type { RateLimiter } from './rate-limit';

/** The header our own middleware sets from the socket, so nobody can spoof it from outside. */
export const CLIENT_IP_HEADER = 'x-rentique-client-ip';

/** How long a password-reset link works (docs/product.md, Accounts). */
export const RESET_LINK_TTL_SECONDS = RESET_LINK_TTL_MINUTES * 60;
/** How long an e-mail confirmation link works. */
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

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

/** A 400 in better-auth's terms that our error shape (http/auth-errors.ts) turns into VALIDATION_FAILED with issues. */
function invalid(issues: ErrorIssue[], code?: string): APIError {
  const first = issues[0];
  // A refused password is told as it is; other fields are named ("gender: ...").
  return new APIError('BAD_REQUEST', {
    message: first
      ? code === PASSWORD_TOO_WEAK
        ? first.message
        : `${first.path}: ${first.message}`
      : 'Invalid request',
    issues,
    ...(code ? { code } : {}),
  });
}

function tooMany(retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: 'Too many attempts.', code: 'RATE_LIMITED' },
    { 'X-Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * The payload of a better-auth e-mail token: a JWT better-auth signed and verifies itself; here it
 * is only read, to word the mail (confirm an address, or confirm a new one).
 */
function tokenPayload(token: string): { email?: string; updateTo?: string } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return {
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
      ...(typeof payload.updateTo === 'string' ? { updateTo: payload.updateTo } : {}),
    };
  } catch {
    return {};
  }
}

export function createAuth(opts: {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  /** The process's one rate limiter (the context's `limits`), on the app's clock. */
  limits: RateLimiter;
}) {
  const { env, database, logger, mailer } = opts;
  const secure = env.publicUrl.startsWith('https://');
  // The process's one limiter, like the account service's: both count `acct:password:<member>`.
  const limiter = accountLimitsOf(opts.limits);
  const accounts = createAccountRepository(database.db);

  /**
   * Mail leaves in the background: a request never waits for SMTP, so answers take the same time
   * whether or not a mail went out (nobody can tell from the timing that an address has an account).
   */
  const deliver = (mail: Mail) => {
    mailer
      .send(mail)
      .catch((err: unknown) => logger.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent'));
  };

  async function enforce(key: string, rule: LimitRule) {
    const { allowed, retryAfterSeconds } = await limiter.consume(key, rule);
    if (!allowed) throw tooMany(retryAfterSeconds);
  }

  async function requireStrong(password: unknown, userInputs: string[]) {
    // Length and type are better-auth's own checks (and the schemas'); strength is ours.
    if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
      return;
    const verdict = await checkPasswordStrength(password, userInputs);
    if (!verdict.ok) throw invalid([{ path: 'password', message: verdict.message }], PASSWORD_TOO_WEAK);
  }

  const normalEmail = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

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
    // One way to list and end sessions (ours, /api/me/sessions: ids, never tokens) and one way
    // to delete an account (ours, DELETE /api/me: refused while rentals are open).
    disabledPaths: ['/list-sessions', '/revoke-session', '/revoke-sessions', '/delete-user', '/delete-user/callback'],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        deliver({
          to: user.email,
          subject: 'Reset your Rentique password',
          text:
            `Someone, we hope you, asked to reset the password of your Rentique account.\n\n` +
            `Choose a new password here (the link works once, for ${RESET_LINK_TTL_SECONDS / 60} minutes):\n${url}\n\n` +
            `Setting a new password signs you out on every device.\n` +
            `If you did not ask for this, ignore this message: your password stays as it is.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A confirmation link confirms an address; it never signs anyone in or switches a session
      // (issue 12: opening another member's link replaced the signed-in member's session).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        const change = Boolean(tokenPayload(token).updateTo);
        deliver(
          change
            ? {
                to: user.email,
                subject: 'Confirm your new email address for Rentique',
                text:
                  `You asked to use this address for your Rentique account.\n\n` +
                  `Confirm it by opening this link (it works for ${VERIFY_LINK_TTL_SECONDS / 3600} hours):\n${url}\n\n` +
                  `Until you do, your account keeps its current address. If you did not ask for this, ignore this message.`,
              }
            : {
                to: user.email,
                subject: 'Confirm your email for Rentique',
                text: `Welcome to Rentique.\n\nConfirm your email address by opening this link:\n${url}\n\nIf you did not create an account, ignore this message.`,
              },
        );
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: true, input: true, fieldName: 'full_name' },
        gender: { type: 'string', required: true, input: true },
        // Staff or member (decision 0020). input: false: no sign-up or update-user request can set
        // it; only `npm run staff` does. better-auth's migration adds it NOT NULL DEFAULT 'member'.
        role: { type: 'string', required: true, input: false, defaultValue: 'member' },
      },
      // The new address takes effect only once confirmed from that address.
      changeEmail: { enabled: true },
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
        // Sign-up says when an address already has an account ('Account Already Exists', docs/product.md, Accounts), so it is
        // throttled per client address to keep anyone from sweeping addresses through it.
        '/sign-up/email': { window: 3600, max: env.signUpRateLimit },
        // Everything that sends mail or checks a password, per client address (our own limits
        // add per-address and per-member ones in the hook below).
        '/request-password-reset': { window: 900, max: env.mailRateLimit },
        '/reset-password': { window: 900, max: env.mailRateLimit },
        '/send-verification-email': { window: 900, max: env.mailRateLimit },
        '/change-email': { window: 900, max: env.mailRateLimit },
        '/change-password': { window: 900, max: env.mailRateLimit },
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
      // Every signed-in request reads her session and user: in one statement (the Kysely adapter's
      // join) where a statement is a round trip, in two simple ones where it is a call within the
      // process (SQLite), cheaper than decoding the join's rows.
      database: { joins: database.roundTrips },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case '/sign-up/email': {
            // The sign-up form's own schema (src/domain/auth.schema.ts): nothing else is accepted.
            const parsed = SignUpRequestSchema.safeParse(body);
            if (!parsed.success) throw invalid(toErrorIssues(parsed.error.issues));
            await requireStrong(parsed.data.password, [parsed.data.email, parsed.data.fullName]);
            // better-auth keeps `name`; we keep it equal to the full name.
            return { context: { body: { ...parsed.data, name: parsed.data.fullName } } };
          }
          case '/update-user': {
            // Profile changes go through the same schema and the same transaction as PATCH /api/me.
            const session = await getSessionFromCtx(ctx);
            if (!session) throw new APIError('UNAUTHORIZED', { message: 'You need to sign in first.' });
            const { name, ...rest } = body;
            const input = name !== undefined && rest.fullName === undefined ? { ...rest, fullName: name } : rest;
            const parsed = ProfileUpdateSchema.safeParse(input);
            if (!parsed.success) throw invalid(toErrorIssues(parsed.error.issues));
            if (
              name !== undefined &&
              rest.fullName !== undefined &&
              (typeof name !== 'string' || name.trim() !== parsed.data.fullName)
            ) {
              throw invalid([{ path: 'name', message: 'name must equal fullName' }]);
            }
            await accounts.updateProfile(session.user.id, parsed.data, new Date().toISOString());
            return ctx.json({ status: true });
          }
          case '/change-password': {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            await enforce(`acct:password:${session.user.id}`, ACCOUNT_LIMITS.passwordChecksPerMember);
            await requireStrong(body.newPassword, [session.user.email, session.user.name]);
            // A new password ends every other session (this one is renewed).
            return { context: { body: { revokeOtherSessions: true } } };
          }
          case '/reset-password': {
            const token =
              typeof body.token === 'string'
                ? body.token
                : typeof ctx.query?.token === 'string'
                  ? ctx.query.token
                  : undefined;
            const owner = token ? await accounts.userOfResetToken(token) : undefined;
            await requireStrong(body.newPassword, owner ? [owner.email, owner.name] : []);
            return;
          }
          case '/request-password-reset': {
            // Counted per address whether or not it has an account, so a refusal says nothing about it.
            const email = normalEmail(body.email);
            if (email) await enforce(`acct:reset:${email}`, ACCOUNT_LIMITS.resetPerAddress);
            return;
          }
          case '/send-verification-email': {
            const email = normalEmail(body.email);
            if (email) await enforce(`acct:verify:${email}`, ACCOUNT_LIMITS.verificationPerAddress);
            return;
          }
          case '/change-email': {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const parsed = EmailSchema.safeParse(body.newEmail);
            if (!parsed.success)
              throw invalid(toErrorIssues(parsed.error.issues).map((i) => ({ ...i, path: 'newEmail' })));
            await enforce(`acct:change-email:${session.user.id}`, ACCOUNT_LIMITS.changeEmailPerMember);
            return;
          }
          default:
            return;
        }
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
              .values({
                id: user.id,
                full_name: u.fullName ?? user.name,
                gender: u.gender ?? 'prefer-not-to-say',
                created_at: now,
                updated_at: now,
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          },
        },
        update: {
          before: async (data, context) => {
            // A change of address completes when the member opens the link sent to the new
            // address: that proves she owns it, so it counts as confirmed. The old address is told.
            if (typeof data.email === 'string' && context?.path === '/verify-email') {
              const token = typeof context.query?.token === 'string' ? context.query.token : '';
              const previous = tokenPayload(token).email;
              if (previous && previous !== data.email.toLowerCase()) {
                deliver({
                  to: previous,
                  subject: 'Your Rentique email address was changed',
                  text:
                    `The email address of your Rentique account is now ${data.email}.\n\n` +
                    `If you did not make this change, reset your password at ${env.publicUrl}/forgot-password and write to us.`,
                });
              }
              return { data: { ...data, emailVerified: true } };
            }
            return;
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
