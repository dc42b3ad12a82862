import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The app only ever names files itself (see `newFileName`), so a key
 * is never a path a client chose. Two implementations: the local disk (DATA_DIR/uploads, the
 * default) and an S3-compatible bucket (`s3-storage.ts`) that several app processes share.
 * Both pass the same contract test (`storage.contract.ts`).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]{7,80}\.(webp|jpg|png)$/;

/** A fresh server-chosen file name with the given extension. */
export function newFileName(ext: 'webp' | 'jpg' | 'png'): string {
  return `${randomUUID()}.${ext}`;
}

/**
 * Writes re-encoded photos under new server-chosen names, then runs `record` with those names
 * (the transaction that records them). If a write or `record` fails, the files written so far are
 * deleted and the error passed on, so a failed upload leaves no file behind. A file that cannot
 * be deleted is logged, not thrown.
 */
export async function withStoredPhotos<T>(
  storage: FileStorage,
  images: readonly { data: Buffer }[],
  log: { warn(obj: object, msg: string): void },
  record: (names: string[]) => Promise<T>,
): Promise<T> {
  const names: string[] = [];
  try {
    for (const img of images) {
      const name = newFileName('webp');
      await storage.put(name, img.data);
      names.push(name);
    }
    return await record(names);
  } catch (err) {
    await Promise.all(
      names.map((n) =>
        storage.delete(n).catch((e: unknown) => log.warn({ err: e, file: n }, 'could not delete upload')),
      ),
    );
    throw err;
  }
}

/** Whether a key is one the app could have chosen: a flat name, never a path. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** The key, or an error for one the app could not have chosen (a write never goes elsewhere). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The media type of a stored file, from the extension the app gave it. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return 'application/octet-stream';
}

/** Files in one folder on the local disk; writes go to a temp name first, then rename (atomic). */
export function createDiskStorage(dir: string): FileStorage {
  mkdirSync(dir, { recursive: true });
  return {
    async put(key, data) {
      const target = path.join(dir, checkKey(key));
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, data, { mode: 0o640 });
      await rename(tmp, target);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(path.join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(path.join(dir, key), { force: true });
    },
  };
}

/** The uploads folder of a data directory. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
