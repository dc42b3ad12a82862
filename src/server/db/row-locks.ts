import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
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

class WithoutRowLocks extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const query = super.transformSelectQuery(node, queryId);
    const modifiers = query.endModifiers;
    if (!modifiers?.some((m) => m.modifier && ROW_LOCK_MODIFIERS.has(m.modifier))) return query;
    const rest = modifiers.filter((m) => !(m.modifier && ROW_LOCK_MODIFIERS.has(m.modifier)));
    return Object.freeze({ ...query, endModifiers: rest.length ? rest : undefined });
  }
}

/**
 * Row locks are written once, with Kysely's own API (`.forUpdate()`, `.forNoKeyUpdate()`,
 * `.forShare()`, `.skipLocked()`), and taken on PostgreSQL, where several app processes share
 * the database. On SQLite this plugin drops them from the SQL: SQLite has no row locks, and
 * needs none here, because a process's transactions run one after another on Kysely's single
 * connection and one database file serves one process (decision 0003). A lock-only SELECT
 * there is a plain read by primary key.
 */
export class SqliteRowLocksPlugin implements KyselyPlugin {
  readonly #transformer = new WithoutRowLocks();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
