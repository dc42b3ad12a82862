import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSqliteChangeToken } from './sqlite-change-token';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rentique-change-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((x) => x.close()));

/** A WAL database with a table, this process's connection to it, and its token (counting how often it asks the pragma). */
function setUp() {
  const file = path.join(dir, `db-${(n += 1)}.sqlite`);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table notes (id integer primary key, by text not null)');
  const asked = { count: 0 };
  // The real handle, with the pragma's reads counted.
  const counted = {
    prepare: (text: string) => {
      const statement = sqlite.prepare(text).pluck();
      return {
        pluck: () => ({
          get: () => {
            asked.count += 1;
            return statement.get();
          },
        }),
      };
    },
  } as unknown as SQLite.Database;
  const writes = { count: 0 };
  const changes = createSqliteChangeToken(counted, file, writes);
  opened.push(changes, sqlite);
  return { file, sqlite, changes, writes, asked };
}

describe("SQLite's change token", () => {
  it('stands while nothing is committed, without asking SQLite again', () => {
    const { changes, asked } = setUp();
    const first = changes.token();
    for (let i = 0; i < 10; i++) expect(changes.token()).toBe(first);
    expect(asked.count).toBe(1);
  });

  it('moves when another connection of this process commits, and asks SQLite only then', () => {
    const { file, changes, asked } = setUp();
    const before = changes.token();
    const other = new SQLite(file);
    opened.push(other);
    other.prepare("insert into notes (by) values ('other connection')").run();
    const after = changes.token();
    expect(after).not.toBe(before);
    expect(asked.count).toBe(2);
    expect(changes.token()).toBe(after);
    expect(asked.count).toBe(2);
  });

  it('moves with every commit of another connection, through checkpoints that restart the log', () => {
    const { file, changes } = setUp();
    const other = new SQLite(file);
    opened.push(other);
    const insert = other.prepare("insert into notes (by) values ('other connection')");
    const update = other.prepare('update notes set by = ? where id = 1');
    insert.run();
    for (let i = 0; i < 300; i++) {
      const before = changes.token();
      // One small write each time: after a restart the log holds as many frames as before it.
      if (i % 3 === 0) other.pragma(`wal_checkpoint(${i % 2 ? 'RESTART' : 'TRUNCATE'})`);
      if (i % 2) insert.run();
      else update.run(`edit ${i}`);
      expect(changes.token(), `commit ${i}`).not.toBe(before);
    }
  });

  it('moves when another process commits', () => {
    const { file, changes } = setUp();
    const before = changes.token();
    const other = spawnSync(
      process.execPath,
      [
        '-e',
        `new (require('better-sqlite3'))(process.argv[1]).prepare("insert into notes (by) values ('other process')").run()`,
        file,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    expect(other.status).toBe(0);
    expect(changes.token()).not.toBe(before);
  });

  it("moves with this connection's own writes (the counter of its writing statements)", () => {
    const { changes, writes } = setUp();
    const before = changes.token();
    writes.count += 1;
    expect(changes.token()).not.toBe(before);
  });

  it('asks every time when there is no wal-index to read (not in WAL mode)', () => {
    const file = path.join(dir, `rollback-${(n += 1)}.sqlite`);
    const sqlite = new SQLite(file);
    sqlite.exec('create table notes (id integer primary key, by text not null)');
    const changes = createSqliteChangeToken(sqlite, file, { count: 0 });
    opened.push(changes, sqlite);
    const before = changes.token();
    const other = new SQLite(file);
    opened.push(other);
    other.prepare("insert into notes (by) values ('other connection')").run();
    expect(changes.token()).not.toBe(before);
  });
});
