import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';

/*
 * Another process writing to the SQLite file (the staff command, a browser test's connection)
 * while a transaction here has read and is about to write. A plain `begin` took the write lock only
 * at the first write, and SQLite refused that write at once with "database is locked" when the
 * other process had committed in between (the browser tests saw it). A transaction now takes the
 * lock when it begins (row-locks.ts), so the other process waits its turn (busy_timeout).
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'rentique-write-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite transactions and another process writing', () => {
  it('a transaction that reads and then writes is not refused when another process writes meanwhile', async () => {
    const database = createDatabase({ dataDir: dir });
    const file = path.join(dir, 'rentique.sqlite');
    await sql`create table notes (id integer primary key, by text not null)`.execute(database.db);
    // The other process: its write, when asked, waits for the lock as long as the busy timeout says.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.pragma('busy_timeout = 5000');
         process.stdin.once('data', () => {
           db.prepare("insert into notes (by) values ('other')").run();
           process.stdout.write('wrote\\n');
           db.close();
         });
         process.stdout.write('ready\\n');`,
        file,
      ],
      { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const said = (word: string) =>
      new Promise<void>((resolve, reject) => {
        other.stdout.on('data', (d: Buffer) => d.toString().includes(word) && resolve());
        other.once('exit', (code) => code !== 0 && reject(new Error(`the other process exited with ${code}`)));
      });
    await said('ready');
    const wrote = said('wrote');
    let otherFirst = false;
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        other.stdin.write('go\n');
        // Time for the other process to try its write; it may not get the lock while this transaction runs.
        otherFirst = await Promise.race([
          wrote.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 400)),
        ]);
        await sql`insert into notes (by) values ('here')`.execute(trx);
      });
      await wrote;
      const rows = await sql<{ by: string }>`select by from notes order by id`.execute(database.db);
      expect(otherFirst).toBe(false);
      expect(rows.rows.map((r) => r.by)).toEqual(['here', 'other']);
    } finally {
      other.kill();
      await database.destroy();
    }
  }, 30_000);
});
