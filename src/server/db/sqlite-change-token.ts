import { closeSync, openSync, readSync } from 'node:fs';
import type SQLite from 'better-sqlite3';

/** The wal-index header: two copies of 48 bytes that every commit rewrites (sqlite.org/walformat.html). */
const WAL_INDEX_HEADER = 96;

/**
 * SQLite's `Database.changeToken` (decision 0057): a value that differs whenever anything may have
 * been committed since it was last read, by this connection (`writes`, the writing statements it
 * ran) or by any other connection or process (`PRAGMA data_version`).
 *
 * The pragma begins and ends a read transaction: two file locks and a pass through the pager,
 * about a fifth of a served browse request's CPU (decision 0088). It is asked only when the
 * wal-index header has moved: every commit to a database in WAL mode rewrites that header
 * (its change counter, its last frame, after a checkpoint its salts) in the `-shm` file that
 * every connection maps, so a read of the file's first bytes, one `pread` from the page cache,
 * sees any commit completed before it. The header is read before the pragma, so a commit between
 * the two moves the header again and is asked about next time. Without a `-shm` file to read
 * (not in WAL mode, or not yet created), every call asks.
 */
export function createSqliteChangeToken(sqlite: SQLite.Database, file: string, writes: { count: number }) {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const seen = Buffer.alloc(WAL_INDEX_HEADER);
  const now = Buffer.alloc(WAL_INDEX_HEADER);
  let fd: number | null = null;
  let version: unknown;

  function headerMoved(): boolean {
    try {
      fd ??= openSync(`${file}-shm`, 'r');
      if (readSync(fd, now, 0, WAL_INDEX_HEADER, 0) < WAL_INDEX_HEADER) return true;
    } catch {
      return true;
    }
    if (now.equals(seen)) return false;
    now.copy(seen);
    return true;
  }

  return {
    token: (): string => {
      if (headerMoved() || version === undefined) version = dataVersion.get();
      return `${String(version)}:${writes.count}`;
    },
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
