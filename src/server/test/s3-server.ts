import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../storage/s3-storage';

/** s3rver's fixed credentials: it refuses other access key ids (403), though it does not verify SigV4 signatures. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3Server {
  endpoint: string;
  /** A config for a bucket that exists on this server. */
  config(overrides?: Partial<S3StorageConfig>): S3StorageConfig;
  /** The same as S3_* environment variables, for a spawned server process. */
  envVars(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: HTTP, S3's REST and XML API, objects on disk) in this
 * process, on a spare port, keeping objects in a temp folder; `bucket` is created before it starts.
 */
export async function startS3Server(bucket = 'rentique-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'rentique-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (overrides: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
    kind: 's3',
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: { ...S3RVER_CREDENTIALS },
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  });
  return {
    endpoint,
    config,
    envVars: () => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
