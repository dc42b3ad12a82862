import { SqliteDialect, SqliteQueryCompiler, type QueryCompiler, type SelectQueryNode } from 'kysely';

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
 * transformer rebuilds every query's whole tree, which was a tenth of a booking's CPU.
 */
export class SqliteDialectWithoutRowLocks extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompilerWithoutRowLocks();
  }
}
