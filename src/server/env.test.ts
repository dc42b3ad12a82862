import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = (vars: Record<string, string>) => loadEnv({ DATA_DIR: dataDir, ...vars });

describe('storage settings', () => {
  it('keeps uploads on the local disk by default', () => {
    expect(env({}).storage).toEqual({ kind: 'disk' });
    expect(env({ STORAGE: 'disk' }).storage).toEqual({ kind: 'disk' });
  });

  it('uses S3 when a bucket is named, with AWS defaults for the rest', () => {
    expect(env({ S3_BUCKET: 'rentique-photos' }).storage).toEqual({
      kind: 's3',
      bucket: 'rentique-photos',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads a self-hosted store: endpoint, region, keys, path-style and prefix', () => {
    const s = env({
      STORAGE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'rentique/uploads/',
    }).storage;
    expect(s).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'rentique/uploads/',
    });
  });

  it.each([
    [{ STORAGE: 's3' }, 'STORAGE: STORAGE=s3 needs S3_BUCKET'],
    [{ STORAGE: 'disk', S3_BUCKET: 'photos' }, 'STORAGE: STORAGE=disk, but S3_BUCKET is set'],
    [{ STORAGE: 'ftp' }, 'STORAGE: Invalid option'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' }, 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither'],
    [{ S3_BUCKET: 'Photos_2026' }, 'S3_BUCKET: must be an S3 bucket name'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'photos', S3_PREFIX: 'uploads' }, 'S3_PREFIX: must be folder names ending in "/"'],
    [{ S3_BUCKET: 'photos', S3_PREFIX: '../uploads/' }, 'S3_PREFIX: must be folder names ending in "/"'],
  ])('stops at start-up on %j', (vars, message) => {
    expect(() => env(vars)).toThrow(message);
  });
});

describe('background work and the test clock', () => {
  it('reads the job settings with their defaults', () => {
    expect(env({})).toMatchObject({
      jobsEnabled: true,
      jobPollMs: 2000,
      scanIntervalMs: 300_000,
      savedSearchScanMs: 300_000,
      jobLeaseSeconds: 60,
      jobRetryDelaySeconds: 30,
      jobRetryLimit: 6,
      clockFile: undefined,
    });
    expect(env({ JOBS: 'off', JOB_POLL_MS: '500', SCAN_INTERVAL_MS: '1000' })).toMatchObject({
      jobsEnabled: false,
      jobPollMs: 500,
      scanIntervalMs: 1000,
    });
    expect(env({ SCAN_INTERVAL_MS: '1000', SAVED_SEARCH_SCAN_MS: '2000' })).toMatchObject({ savedSearchScanMs: 2000 });
    expect(() => env({ JOB_POLL_MS: '100' })).toThrow(/JOB_POLL_MS/);
  });

  it('refuses CLOCK_FILE in production, and takes it elsewhere', () => {
    expect(() => env({ NODE_ENV: 'production', CLOCK_FILE: 'clock' })).toThrow(
      /CLOCK_FILE: .*refused with NODE_ENV=production/,
    );
    expect(env({ NODE_ENV: 'development', CLOCK_FILE: 'clock' }).clockFile).toBe(path.resolve('clock'));
  });
});

describe('the business time zone', () => {
  it('is New York unless BUSINESS_TIME_ZONE names another real zone', () => {
    expect(env({}).businessTimeZone).toBe('America/New_York');
    expect(env({ BUSINESS_TIME_ZONE: 'Europe/London' }).businessTimeZone).toBe('Europe/London');
    expect(env({ BUSINESS_TIME_ZONE: 'UTC' }).businessTimeZone).toBe('UTC');
  });

  it('refuses a name that is not an IANA zone, with the setting named', () => {
    expect(() => env({ BUSINESS_TIME_ZONE: 'Eastern' })).toThrow(/BUSINESS_TIME_ZONE: must be an IANA time zone name/);
    expect(() => env({ BUSINESS_TIME_ZONE: 'America/Atlantis' })).toThrow(/BUSINESS_TIME_ZONE/);
  });
});

describe('HTTPS', () => {
  it('is off unless both files are named, and then the public URL and origins are https', () => {
    expect(env({}).tls).toBeUndefined();
    const e = env({ PORT: '3443', TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem' });
    expect(e.tls).toEqual({ certFile: path.resolve('cert.pem'), keyFile: path.resolve('key.pem') });
    expect(e.publicUrl).toBe('https://localhost:3443');
    expect(e.trustedOrigins).toEqual(['https://localhost:3443', 'https://127.0.0.1:3443']);
  });

  it('refuses one file without the other, and HTTPS with the dev server', () => {
    expect(() => env({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_CERT_FILE: set both/);
    expect(() => env({ TLS_KEY_FILE: 'key.pem' })).toThrow(/TLS_CERT_FILE: set both/);
    expect(() => env({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem', WEB_DEV: 'true' })).toThrow(/npm run dev/);
  });
});
