import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { SqliteDialectWithoutRowLocks } from './row-locks';
import { createSqliteChangeToken } from './sqlite-change-token';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Whether a statement is a round trip over the network (PostgreSQL) rather than a call within the
   * process (SQLite): where it is, one statement with a join beats two simple ones; where it is
   * not, the two simple ones are cheaper than decoding the join.
   */
  roundTrips: boolean;
  /** Where the data is, for a person reading a command's output ("the SQLite database in ..."). */
  where: string;
  /** The raw better-sqlite3 handle (SQLite only), for pragmas and backups. */
  sqlite?: SQLite.Database;
  /**
   * Calls `onNotify` when another connection sends `notify <channel>` (PostgreSQL's LISTEN, on a
   * connection of its own, closed with the database). SQLite has no such thing: nothing is
   * listened to and callers poll. Resolves once listening.
   */
  listen(channel: string, onNotify: () => void): Promise<void>;
  /**
   * SQLite only: a value that differs whenever anything may have been committed since it was last
   * read, by this connection (a counter of the writing statements it ran) or by any other
   * connection or process (SQLite's `PRAGMA data_version`). Read without a query through Kysely:
   * a reader of a change log can skip reading it while the value stands (decision 0057).
   */
  changeToken?: () => string;
  destroy(): Promise<void>;
}

export type Tx = Transaction<DB>;

// COUNT(*) and BIGINT come back from node-postgres as strings; every count we use fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is a postgres URL, else an embedded SQLite
 * file under `dataDir` (WAL, foreign keys, busy timeout).
 */
export function createDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Database {
  if (isPostgresUrl(opts.databaseUrl)) {
    // JIT off (decision 0086): the app's queries are short, and compiling one cost more than it
    // saved (170 ms of 300 for a part of the search index's load, judged dear enough by its plan).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c jit=off' });
    // An idle client dropped by the server (restart, failover, DROP DATABASE) must not crash the
    // process: the pool discards it and the next query opens a new connection.
    pool.on('error', (err) => console.error(`postgres: idle client error: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const listeners: pg.Client[] = [];
    let destroyed = false;
    return {
      db,
      dialect: 'postgres',
      roundTrips: true,
      where: 'the PostgreSQL database (DATABASE_URL)',
      async listen(channel, onNotify) {
        if (destroyed) return;
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        // A dropped listening connection is logged; its callers keep polling.
        client.on('error', (err) => console.error(`postgres: listen ${channel}: ${err.message}`));
        client.on('notification', (n) => n.channel === channel && onNotify());
        // Known before it connects: a destroy() during the connect still ends it.
        listeners.push(client);
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      },
      async destroy() {
        destroyed = true;
        await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
        await db.destroy();
      },
    };
  }
  const url: string = opts.databaseUrl ?? '';
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(opts.dataDir, 'rentique.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A 64 MB page cache: the catalogue's hot pages stay in memory.
  sqlite.pragma('cache_size = -65536');
  // No memory map (decision 0057, issue 27): at 100k items a 256 MB map kept ~140 MB of the file
  // resident in the process (RSS 613 against 471 MB) for no browse throughput we could measure
  // (605 against 589 req/s over 13 alternating runs, within their noise); the OS caches the file.
  sqlite.pragma('mmap_size = 0');
  const writes = { count: 0 };
  const db = new Kysely<DB>({
    dialect: new SqliteDialectWithoutRowLocks({ database: withStatementCache(sqlite, writes) }),
  });
  const changes = createSqliteChangeToken(sqlite, file, writes);
  return {
    db,
    dialect: 'sqlite',
    roundTrips: false,
    where: `the SQLite database in ${path.dirname(file)}`,
    sqlite,
    listen: async () => undefined,
    changeToken: changes.token,
    destroy: async () => {
      changes.close();
      await db.destroy();
    },
  };
}

/** How many prepared statements the SQLite handle keeps (one per distinct query text). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle Kysely uses, preparing each distinct SQL text once. Kysely's SQLite driver
 * calls `prepare()` for every query, and compiling the statement was about a sixth of a browse
 * request's CPU; PostgreSQL keeps prepared plans itself. Safe because the driver runs each
 * statement to completion synchronously (`all()` or `run()`), and a streamed query's statement
 * (busy while it is iterated) is never handed out again; SQLite re-prepares a statement by itself
 * after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => sqlite.close(),
    // The driver runs what it prepares at once: a statement that can write is counted as written.
    prepare(sql: string) {
      let statement = statements.get(sql);
      // A statement still being iterated (a streamed query) is busy: give this caller its own.
      if (statement?.busy) statement = sqlite.prepare(sql);
      else if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      if (!statement.readonly) writes.count += 1;
      return statement;
    },
  };
}

/** The current time as the ISO text we store in every timestamp column. */
export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}
