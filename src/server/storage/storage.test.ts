import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server } from '../test/s3-server';
import { createS3Storage } from './s3-storage';
import { fileStorageContract } from './storage.contract';
import { createDiskStorage } from './storage';

// One contract, two implementations: the local disk (the default) and S3 against a real
// S3-compatible server (s3rver, over HTTP with signed requests).

fileStorageContract('disk', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rentique-storage-'));
  const dir = path.join(root, 'uploads');
  return {
    open: () => createDiskStorage(dir),
    async close() {
      // Nothing was written outside the uploads folder, and no temp file was left behind.
      if (readdirSync(root).join() !== 'uploads') throw new Error(`files outside uploads: ${readdirSync(root).join()}`);
      const tmp = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
      if (tmp.length) throw new Error(`temp files left: ${tmp.join()}`);
      rmSync(root, { recursive: true, force: true });
    },
  };
});

fileStorageContract('S3 (s3rver)', async () => {
  const server = await startS3Server();
  return { open: () => createS3Storage(server.config()), close: () => server.close() };
});
