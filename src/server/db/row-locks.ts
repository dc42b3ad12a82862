import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type SelectQueryNode,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/** The row-lock clauses of a SELECT (FOR UPDATE, FOR NO KEY UPDATE, FOR SHARE, ..., SKIP LOCKED, NOWAIT). */
const ROW_LOCK_MODIFIERS: ReadonlySet<string> = new Set([
  'ForUpdate',
  'ForNoKeyUpdate',
  'ForShare',
  'ForKeyShare',
  'NoWait',
  'SkipLocked',
]);

/** SQLite's compiler, leaving a SELECT's row-lock clauses out of the SQL (a subquery's too). */
class SqliteCompilerWithoutRowLocks extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const modifiers = node.endModifiers;
    if (!modifiers?.some((m) => m.modifier && ROW_LOCK_MODIFIERS.has(m.modifier))) return super.visitSelectQuery(node);
    const rest = modifiers.filter((m) => !(m.modifier && ROW_LOCK_MODIFIERS.has(m.modifier)));
    super.visitSelectQuery({ ...node, endModifiers: rest.length ? rest : undefined });
  }
}

/**
 * Row locks are written once, with Kysely's own API (`.forUpdate()`, `.forNoKeyUpdate()`,
 * `.forShare()`, `.skipLocked()`), and taken on PostgreSQL, where several app processes share
 * the database. On SQLite this dialect leaves them out of the SQL: SQLite has no row locks, and
 * needs none here, because a process's transactions run one after another on Kysely's single
 * connection and one database file serves one process (decision 0003). A lock-only SELECT
 * there is a plain read by primary key.
 *
 * Done while compiling (the dialect's public `createQueryCompiler`), not by a plugin: a plugin's
 * transformer rebuilds every query's whole tree, which was a tenth of a booking's CPU. Its driver
 * begins each transaction with the write lock (below).
 */
export class SqliteDialectWithoutRowLocks extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompilerWithoutRowLocks();
  }
  override createDriver(): Driver {
    return new SqliteDriverTakingTheWriteLock(this.#config);
  }
}

/**
 * Transactions begin with SQLite's write lock (`begin immediate`), waiting for it as long as the
 * busy timeout says. A plain `begin` reads first and asks for the lock at its first write; when
 * another process (the staff command, a test's connection) has committed in between, SQLite refuses
 * that write at once with "database is locked" (SQLITE_BUSY): its snapshot is stale, and waiting
 * would not help. In this process Kysely's one connection runs transactions one after another
 * anyway, so taking the lock at the start costs nothing here. A transaction said to be read-only
 * begins as before and takes no lock: the search index's snapshot at start, a few seconds at 100k
 * pieces, while another process may write.
 */
class SqliteDriverTakingTheWriteLock extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    // A read-only transaction (`setAccessMode('read only')`) is a snapshot that never writes: no lock.
    const begin = settings?.accessMode === 'read only' ? 'begin' : 'begin immediate';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }
}
