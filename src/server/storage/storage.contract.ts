import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileName, type FileStorage } from './storage';

/** One place files live (a folder, a bucket), and a way to open it twice, as two machines would. */
export interface StoragePlace {
  open(): FileStorage;
  close(): Promise<void>;
}

/** Keys the app never chooses: paths, capitals, foreign extensions, too short, empty. */
const FOREIGN_KEYS = [
  '../escape-0000000.webp',
  'sub/dir-00000000.webp',
  '/etc/passwd',
  'UPPER-0000000.webp',
  'short.webp',
  'abcdefgh1234.exe',
  '',
];

/**
 * What every FileStorage must do, run against each implementation (storage.test.ts): the disk
 * and an S3-compatible server. Same keys, same answers.
 */
export function fileStorageContract(name: string, makePlace: () => Promise<StoragePlace>): void {
  describe(`FileStorage contract: ${name}`, () => {
    let place: StoragePlace;
    let storage: FileStorage;
    beforeAll(async () => {
      place = await makePlace();
      storage = place.open();
    });
    afterAll(() => place?.close());

    it('gives back exactly the bytes it was given', async () => {
      const key = newFileName('webp');
      const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
      await storage.put(key, data);
      const back = await storage.get(key);
      expect(back).not.toBeNull();
      expect(back!.equals(data)).toBe(true);
    });

    it('answers null for a file that was never written', async () => {
      expect(await storage.get(newFileName('webp'))).toBeNull();
      expect(await storage.get(newFileName('png'))).toBeNull();
    });

    it('replaces a file written again under the same key', async () => {
      const key = newFileName('jpg');
      await storage.put(key, Buffer.from('first'));
      await storage.put(key, Buffer.from('second'));
      expect((await storage.get(key))?.toString()).toBe('second');
    });

    it('deletes a file, and deleting a missing file is not an error', async () => {
      const key = newFileName('png');
      await storage.put(key, Buffer.from('to be removed'));
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(newFileName('webp'))).resolves.toBeUndefined();
    });

    it('shows what one instance wrote to another instance over the same place (a second machine)', async () => {
      const other = place.open();
      const key = newFileName('webp');
      await storage.put(key, Buffer.from('written by A'));
      expect((await other.get(key))?.toString()).toBe('written by A');
      await other.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('keeps every file of many written at once', async () => {
      const files = Array.from({ length: 20 }, (_, i) => ({
        key: newFileName('webp'),
        data: Buffer.from(`photo ${i} ${randomBytes(8).toString('hex')}`),
      }));
      await Promise.all(files.map((f) => storage.put(f.key, f.data)));
      const back = await Promise.all(files.map((f) => storage.get(f.key)));
      expect(back.map((b) => b?.toString())).toEqual(files.map((f) => f.data.toString()));
    });

    it('refuses to write under a key the app could not have chosen, and finds nothing there', async () => {
      for (const key of FOREIGN_KEYS) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
        expect(await storage.get(key), key).toBeNull();
        await expect(storage.delete(key), key).resolves.toBeUndefined();
      }
    });
  });
}
