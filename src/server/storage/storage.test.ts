import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server } from '../test/s3-server';
import { createS3Storage } from './s3-storage';
import { fileStorageContract } from './storage.contract';
import { describe, expect, it } from 'vitest';
import { createDiskStorage, withStoredPhotos } from './storage';

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

describe('withStoredPhotos', () => {
  const images = [{ data: Buffer.from('one') }, { data: Buffer.from('two') }, { data: Buffer.from('three') }];
  const quiet = { warn() {} };
  const open = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rentique-stored-'));
    return { root, dir: path.join(root, 'uploads'), storage: createDiskStorage(path.join(root, 'uploads')) };
  };

  it('keeps the files when the record is written, and hands it their names', async () => {
    const { root, dir, storage } = open();
    const names = await withStoredPhotos(storage, images, quiet, async (n) => n);
    expect(names).toHaveLength(3);
    expect(readdirSync(dir).sort()).toEqual([...names].sort());
    rmSync(root, { recursive: true, force: true });
  });

  it('deletes the files it wrote when the record fails, and passes the error on', async () => {
    const { root, dir, storage } = open();
    await expect(
      withStoredPhotos(storage, images, quiet, async () => {
        throw new Error('the transaction failed');
      }),
    ).rejects.toThrow('the transaction failed');
    expect(readdirSync(dir)).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });

  it('deletes the files already written when a later write fails', async () => {
    const { root, dir, storage } = open();
    let puts = 0;
    const failing = {
      ...storage,
      async put(key: string, data: Buffer) {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        await storage.put(key, data);
      },
    };
    await expect(withStoredPhotos(failing, images, quiet, async () => 'never')).rejects.toThrow('disk full');
    expect(readdirSync(dir)).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});
