import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything the server can be told from outside is here,
 * validated once at start-up. See README "Environment" for what each variable does.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rentique <hello@rentique.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  BOOKING_FORM_URL: z.string().url().default('https://forms.rentique.example/book-appointment'),
  BROWSE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string;
  trustProxy: boolean;
  paymentDelayMs: number;
  signInRateLimit: number;
  bookingFormUrl: string;
  /** How long a browse page without dates is answered from memory (0: never). */
  browseCacheMs: number;
};

/** Reads and checks the environment. `overrides` lets tests build an Env without touching process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const extra = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const env: Env = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: [...new Set([publicUrl, `http://127.0.0.1:${e.PORT}`, `http://localhost:${e.PORT}`, ...extra])],
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    paymentDelayMs: e.PAYMENT_DELAY_MS,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    bookingFormUrl: e.BOOKING_FORM_URL,
    browseCacheMs: e.BROWSE_CACHE_MS,
    ...overrides,
  };
  mkdirSync(env.dataDir, { recursive: true });
  return env;
}
