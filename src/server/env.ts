import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLEANING_DAYS, MAX_CLEANING_DAYS } from '../domain/availability';
import { MAX_PERCENT_OFF, WELCOME_OFFER_PERCENT } from '../domain/offers.rules';
import { REFERRAL_REWARD_CENTS } from '../domain/credit';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '../domain/business-day';

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
  WEB_DEV: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  CARRIER_WEBHOOK_SECRET: z.string().min(16).optional(),
  CARRIER_WEBHOOK_URL: z.string().url().optional(),
  CARRIER_SIM_STEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(20_000),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  MAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RENTAL_CHARGE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  PROMO_CODE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  REFERRAL_REWARD_CENTS: z.coerce.number().int().min(0).max(100_000).default(REFERRAL_REWARD_CENTS),
  GIFT_CARD_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  WELCOME_OFFER_PERCENT: z.coerce.number().int().min(0).max(MAX_PERCENT_OFF).default(WELCOME_OFFER_PERCENT),
  BOOKING_FORM_URL: z.string().url().default('https://forms.rentique.example/book-appointment'),
  STORAGE: z.enum(['disk', 's3']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be an S3 bucket name: 3-63 lowercase letters, digits, dots or hyphens',
    })
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://minio:9000' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  S3_PREFIX: z
    .string()
    .regex(/^([a-zA-Z0-9_-][a-zA-Z0-9._-]*\/)*$/, { error: 'must be folder names ending in "/", e.g. uploads/' })
    .default(''),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  JOB_POLL_MS: z.coerce.number().int().min(500).max(600_000).default(2000),
  SCAN_INTERVAL_MS: z.coerce.number().int().min(200).max(86_400_000).default(300_000),
  SAVED_SEARCH_SCAN_MS: z.coerce.number().int().min(200).max(86_400_000).optional(),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(6),
  CLOCK_FILE: z.string().min(1).optional(),
  CLEANING_DAYS: z.coerce.number().int().min(0).max(MAX_CLEANING_DAYS).default(DEFAULT_CLEANING_DAYS),
  /** Managed lending (decision 0062): her share of each rental of a piece we look after, and how long we store it. */
  MANAGED_LENDER_SHARE_PERCENT: z.coerce.number().int().min(1).max(99).default(60),
  MANAGED_STORAGE_MONTHS: z.coerce.number().int().min(1).max(60).default(12),
  BUSINESS_TIME_ZONE: z
    .string()
    .default(DEFAULT_BUSINESS_TIME_ZONE)
    .refine(isTimeZone, { error: 'must be an IANA time zone name, e.g. America/New_York or UTC' }),
});

/** Where uploaded files live: a folder on this machine, or an S3-compatible bucket every app process shares. */
export type StorageConfig =
  /** DATA_DIR/uploads. */
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS S3 itself. Set for MinIO, Ceph, R2, s3rver... */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's default chain (instance or task role, AWS_* variables, ~/.aws). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** bucket in the path (http://host/bucket/key) instead of the host name; most self-hosted stores need it. */
      forcePathStyle: boolean;
      /** Prepended to every key, so one bucket can hold several things. */
      prefix: string;
    };

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
  /** `npm run dev`: pages come from Vite in middleware mode (hot reload, server rendering) instead of the build. */
  webDev: boolean;
  trustProxy: boolean;
  paymentDelayMs: number;
  /** The carrier's webhook signing secret (decision 0061; required in production). */
  carrierWebhookSecret: string;
  /** Where the simulated carrier POSTs its tracking events (default: this server's webhook route). */
  carrierWebhookUrl: string;
  /** The simulated carrier's time between two tracking events of a parcel. */
  carrierSimStepMs: number;
  signInRateLimit: number;
  /** Sign-ups per hour per client IP. */
  signUpRateLimit: number;
  /** Requests per 15 minutes per client IP to each endpoint that sends mail or checks a password. */
  mailRateLimit: number;
  /** Booking and extension charges sent to the payment provider per member per hour (decision 0030). */
  rentalChargeRateLimit: number;
  /** Bookings and quotes that name a promo code, per member and hour (guessing codes is refused with 429). */
  promoCodeRateLimit: number;
  /** The referral reward, for each of the two members (decision 0063). */
  referralRewardCents: number;
  /** Gift card purchases, and redemption attempts, per member and hour. */
  giftCardRateLimit: number;
  /** The welcome offer's percent off a new member's first pay-per-item rental (0: no welcome offer; decision 0056). */
  welcomeOfferPercent: number;
  bookingFormUrl: string;
  storage: StorageConfig;
  /** A request (headers and body) not fully received by then is dropped with 408. */
  requestTimeoutMs: number;
  /** Headers not fully received by then are dropped with 408 (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /**
   * HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) from these PEM files; unset: plain
   * HTTP/1.1, for a TLS proxy in front (decision 0082).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Background work (notification mail, reminder scans) runs in this process (JOBS=off: a web-only process). */
  jobsEnabled: boolean;
  /** How often a process looks for queued jobs, in ms (500 or more). */
  jobPollMs: number;
  /** How often the reminder scan runs (once per interval across every process), in ms. */
  scanIntervalMs: number;
  /** How often saved searches are checked for new pieces, in ms (SCAN_INTERVAL_MS unless set). */
  savedSearchScanMs: number;
  /** How long a job may run before another process may take it over (a dead process's jobs come back). */
  jobLeaseSeconds: number;
  /** The first retry's delay; each further retry waits twice as long. */
  jobRetryDelaySeconds: number;
  /** Retries after the first attempt before a job is left failed. */
  jobRetryLimit: number;
  /**
   * Tests only: a file holding a number of milliseconds added to the real time (the server's
   * "now"). Refused when NODE_ENV=production.
   */
  clockFile: string | undefined;
  /** Days a returned unit is held for cleaning after its return (availability: decision 0031). */
  cleaningDays: number;
  /** Her share, in percent, of each rental of a piece Rentique looks after (decision 0062). */
  managedLenderSharePercent: number;
  /** How many months we store a managed piece before sending it back (stated when she lists). */
  managedStorageMonths: number;
  /** The zone the business's days count in: "today", due dates, late days, reminders (decision 0047). */
  businessTimeZone: string;
};

/** Reads and checks the environment. `overrides` lets tests build an Env without touching process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const storage = storageConfig(e);
  const tls = tlsConfig(e);
  const scheme = tls ? 'https' : 'http';
  const publicUrl = (e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, '');
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
    trustedOrigins: [
      ...new Set([publicUrl, `${scheme}://127.0.0.1:${e.PORT}`, `${scheme}://localhost:${e.PORT}`, ...extra]),
    ],
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    webDev: e.WEB_DEV,
    trustProxy: e.TRUST_PROXY,
    paymentDelayMs: e.PAYMENT_DELAY_MS,
    carrierWebhookSecret: e.CARRIER_WEBHOOK_SECRET ?? 'dev-only-carrier-webhook-secret',
    carrierWebhookUrl: e.CARRIER_WEBHOOK_URL ?? `${publicUrl}/api/parcels/webhooks/carrier`,
    carrierSimStepMs: e.CARRIER_SIM_STEP_MS,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    signUpRateLimit: e.SIGN_UP_RATE_LIMIT,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    rentalChargeRateLimit: e.RENTAL_CHARGE_RATE_LIMIT,
    promoCodeRateLimit: e.PROMO_CODE_RATE_LIMIT,
    referralRewardCents: e.REFERRAL_REWARD_CENTS,
    giftCardRateLimit: e.GIFT_CARD_RATE_LIMIT,
    welcomeOfferPercent: e.WELCOME_OFFER_PERCENT,
    bookingFormUrl: e.BOOKING_FORM_URL,
    storage,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    tls,
    jobsEnabled: e.JOBS === 'on',
    jobPollMs: e.JOB_POLL_MS,
    scanIntervalMs: e.SCAN_INTERVAL_MS,
    savedSearchScanMs: e.SAVED_SEARCH_SCAN_MS ?? e.SCAN_INTERVAL_MS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    jobRetryLimit: e.JOB_RETRY_LIMIT,
    clockFile: e.CLOCK_FILE ? path.resolve(e.CLOCK_FILE) : undefined,
    cleaningDays: e.CLEANING_DAYS,
    managedLenderSharePercent: e.MANAGED_LENDER_SHARE_PERCENT,
    managedStorageMonths: e.MANAGED_STORAGE_MONTHS,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    ...overrides,
  };
  if (env.clockFile && env.nodeEnv === 'production') {
    invalid('CLOCK_FILE', "moves the server's clock for tests and is refused with NODE_ENV=production");
  }
  mkdirSync(env.dataDir, { recursive: true });
  return env;
}

/** A setting the server refuses to start with, named, in the same words as the schema's refusals. */
function invalid(setting: string, message: string): never {
  throw new Error(`Invalid environment:\n  ${setting}: ${message}`);
}

/** Both TLS files or neither; not with WEB_DEV (Vite's middleware speaks HTTP/1.1). */
function tlsConfig(e: z.infer<typeof EnvSchema>): Env['tls'] {
  const fail = (message: string) => invalid('TLS_CERT_FILE', message);
  if (!e.TLS_CERT_FILE && !e.TLS_KEY_FILE) return undefined;
  if (!e.TLS_CERT_FILE || !e.TLS_KEY_FILE) fail('set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  if (e.WEB_DEV) fail('HTTPS is for the built app; `npm run dev` serves plain HTTP');
  return { certFile: path.resolve(e.TLS_CERT_FILE!), keyFile: path.resolve(e.TLS_KEY_FILE!) };
}

/**
 * STORAGE picks the implementation; unset, S3_BUCKET set means s3, else the local disk. Settings
 * that only make sense together are checked here, so a wrong deployment stops at start-up.
 */
function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  const kind = e.STORAGE ?? (e.S3_BUCKET ? 's3' : 'disk');
  const s3Vars = (['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => e[k] !== undefined,
  );
  const fail = (message: string) => invalid('STORAGE', message);
  if (kind === 'disk') {
    if (s3Vars.length)
      fail(
        `STORAGE=disk, but ${s3Vars.join(', ')} ${s3Vars.length > 1 ? 'are' : 'is'} set: unset ${s3Vars.length > 1 ? 'them' : 'it'} or use STORAGE=s3`,
      );
    return { kind: 'disk' };
  }
  if (!e.S3_BUCKET) fail('STORAGE=s3 needs S3_BUCKET (the bucket must exist)');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    fail('set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK finds credentials itself)');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}
