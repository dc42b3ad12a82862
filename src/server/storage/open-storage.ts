import type { Env } from '../env';
import { createDiskStorage, uploadsDir, type FileStorage } from './storage';

/**
 * The storage the environment chose (README "Environment", docs/deploy.md): DATA_DIR/uploads by
 * default, or an S3-compatible bucket, checked before the server starts taking requests. The S3
 * SDK is loaded only when it is used.
 */
export async function openStorage(env: Env): Promise<FileStorage> {
  if (env.storage.kind === 'disk') return createDiskStorage(uploadsDir(env.dataDir));
  const { checkS3Bucket, createS3Client, createS3Storage } = await import('./s3-storage');
  const client = createS3Client(env.storage);
  await checkS3Bucket(env.storage, client);
  return createS3Storage(env.storage, client);
}
