import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../env';
import { checkKey, contentTypeOf, isStorageKey, type FileStorage } from './storage';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/**
 * How long one S3 call may take. A store that does not answer must not hold a request (and its
 * database transaction's caller) for minutes: connecting gets 3 s, a whole call 15 s; the SDK
 * retries throttling, 5xx and network errors itself (standard mode, 3 attempts in all).
 */
export const S3_TIMEOUTS = { connectionTimeout: 3_000, requestTimeout: 15_000, maxAttempts: 3 } as const;

/** The S3 client for a bucket: explicit region, timeouts and retries; path-style for self-hosted stores. */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    maxAttempts: S3_TIMEOUTS.maxAttempts,
    requestHandler: { connectionTimeout: S3_TIMEOUTS.connectionTimeout, requestTimeout: S3_TIMEOUTS.requestTimeout },
    // Stores other than AWS (MinIO, Ceph, R2, s3rver...) do not all accept the newer default
    // checksum headers; send them only where an operation requires one.
    ...(config.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files as objects in one S3-compatible bucket (under `config.prefix`), so every app process
 * reads what any of them wrote. Same keys and same answers as the disk: a missing object is
 * null, deleting a missing object is fine (S3's DELETE is idempotent).
 */
export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config)): FileStorage {
  const objectKey = (key: string) => `${config.prefix}${key}`;
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(checkKey(key)),
          Body: data,
          ContentType: contentTypeOf(key),
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}

/**
 * Checks at start-up that the bucket is there and these credentials may use it (HeadBucket), so
 * a wrong endpoint, bucket, region or key stops the process with a clear message instead of
 * failing the first upload. (HeadBucket needs s3:ListBucket, which a missing object also needs
 * to answer 404 rather than 403: see docs/deploy.md.)
 */
export async function checkS3Bucket(config: S3StorageConfig, client: S3Client): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (err) {
    const where = `bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
    const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
    const why =
      status === 404
        ? 'it does not exist (create it first)'
        : status === 403 || status === 401
          ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and that they may list, read, write and delete in it)'
          : status === 301
            ? `it is in another region than S3_REGION=${config.region}`
            : `${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    throw new Error(`S3 storage: cannot use ${where}: ${why}. See docs/deploy.md.`, { cause: err });
  }
}
