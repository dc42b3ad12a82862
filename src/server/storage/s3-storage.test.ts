import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { openStorage } from './open-storage';
import { checkS3Bucket, createS3Client, createS3Storage } from './s3-storage';
import { newFileName } from './storage';

// What only the S3 implementation has to get right, against a real S3-compatible server.
describe('S3 storage', () => {
  let s3: TestS3Server;
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'rentique-s3env-'));
    dirs.push(d);
    return d;
  };
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('stores each object with the media type of its extension', async () => {
    const storage = createS3Storage(s3.config());
    const client = createS3Client(s3.config());
    for (const [ext, type] of [
      ['webp', 'image/webp'],
      ['png', 'image/png'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const key = newFileName(ext);
      await storage.put(key, Buffer.from('bytes'));
      const head = await client.send(new HeadObjectCommand({ Bucket: 'rentique-test', Key: key }));
      expect(head.ContentType).toBe(type);
      expect(head.ContentLength).toBe(5);
    }
  });

  it('keeps objects under S3_PREFIX, apart from the rest of the bucket', async () => {
    const prefixed = createS3Storage(s3.config({ prefix: 'uploads/' }));
    const bare = createS3Storage(s3.config());
    const key = newFileName('webp');
    await prefixed.put(key, Buffer.from('in a folder'));
    const head = await createS3Client(s3.config()).send(
      new HeadObjectCommand({ Bucket: 'rentique-test', Key: `uploads/${key}` }),
    );
    expect(head.ContentLength).toBe('in a folder'.length);
    expect(await bare.get(key)).toBeNull();
    expect((await prefixed.get(key))?.toString()).toBe('in a folder');
  });

  it('accepts a bucket that exists with the right credentials at start-up', async () => {
    await expect(checkS3Bucket(s3.config(), createS3Client(s3.config()))).resolves.toBeUndefined();
  });

  it('stops the start with a clear message when the bucket does not exist', async () => {
    const config = s3.config({ bucket: 'no-such-bucket' });
    await expect(checkS3Bucket(config, createS3Client(config))).rejects.toThrow(
      `S3 storage: cannot use bucket "no-such-bucket" at ${s3.endpoint}: it does not exist`,
    );
  });

  it('stops the start with a clear message when the key is refused', async () => {
    // s3rver knows one access key id (it does not verify SigV4 signatures themselves).
    const config = s3.config({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
    await expect(checkS3Bucket(config, createS3Client(config))).rejects.toThrow(
      /access denied \(check S3_ACCESS_KEY_ID/,
    );
  });

  it('stops the start, after the retries, when nothing answers at the endpoint', async () => {
    const config = s3.config({ endpoint: 'http://127.0.0.1:9' });
    await expect(checkS3Bucket(config, createS3Client(config))).rejects.toThrow(
      /S3 storage: cannot use bucket "rentique-test" at http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/,
    );
  });

  it('opens the bucket the S3_* variables name, shared with any other client of it', async () => {
    const env = loadEnv({ DATA_DIR: tempDir(), ...s3.envVars() });
    const storage = await openStorage(env);
    const key = newFileName('webp');
    await storage.put(key, Buffer.from('via env'));
    expect((await createS3Storage(s3.config()).get(key))?.toString()).toBe('via env');
    expect(readdirSync(env.dataDir)).toEqual([]); // nothing went to the local disk
  });

  it('refuses to start on S3 variables that point at a missing bucket', async () => {
    const env = loadEnv({ DATA_DIR: tempDir(), ...s3.envVars(), S3_BUCKET: 'missing-bucket' });
    await expect(openStorage(env)).rejects.toThrow(/bucket "missing-bucket" .* does not exist/);
  });

  it('uses DATA_DIR/uploads when no storage is configured', async () => {
    const env = loadEnv({ DATA_DIR: tempDir() });
    const storage = await openStorage(env);
    const key = newFileName('webp');
    await storage.put(key, Buffer.from('on disk'));
    expect(readdirSync(path.join(env.dataDir, 'uploads'))).toEqual([key]);
  });
});
