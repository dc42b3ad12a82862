import ts from 'typescript';

/** What a column's TypeScript type says: its value types, whether it may be null, whether inserts may omit it. */
export interface ColumnShape {
  /** 'string', 'number', 'boolean', 'Date', or the type's text when it is something else. */
  types: string[];
  nullable: boolean;
  /** Wrapped in Generated<>: the database fills it (a default or an auto-increment). */
  generated: boolean;
}

export type TableShapes = Map<string, Map<string, ColumnShape>>;

/**
 * Reads a Kysely schema file, hand-written (src/server/db/schema.ts) or made by kysely-codegen:
 * the `DB` interface names each table's interface; each property of that interface is a column.
 * Type aliases in the same file (kysely-codegen's `Timestamp`, `Int8`) and `ColumnType<Select, ...>`
 * are followed to the type a select returns.
 */
export function readSchemaShapes(source: string, fileName = 'schema.ts'): TableShapes {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const st of file.statements) {
    if (ts.isInterfaceDeclaration(st)) interfaces.set(st.name.text, st);
    if (ts.isTypeAliasDeclaration(st)) aliases.set(st.name.text, st.type);
  }
  const db = interfaces.get('DB');
  if (!db) throw new Error(`${fileName}: no interface DB`);

  const shapeOf = (node: ts.TypeNode, into: ColumnShape, seen = new Set<string>()): void => {
    if (ts.isParenthesizedTypeNode(node)) return shapeOf(node.type, into, seen);
    if (ts.isUnionTypeNode(node)) {
      for (const t of node.types) shapeOf(t, into, seen);
      return;
    }
    if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) {
      into.nullable = true;
      return;
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      const [first] = node.typeArguments ?? [];
      if (name === 'Generated' && first) {
        into.generated = true;
        return shapeOf(first, into, seen);
      }
      if (name === 'ColumnType' && first) return shapeOf(first, into, seen);
      const alias = aliases.get(name);
      if (alias && !seen.has(name)) return shapeOf(alias, into, new Set([...seen, name]));
    }
    const text = node.getText(file);
    if (!into.types.includes(text)) into.types.push(text);
  };

  const tables: TableShapes = new Map();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(file).replace(/^['"]|['"]$/g, '');
    const iface = interfaces.get(member.type.getText(file));
    if (!iface) throw new Error(`${fileName}: DB.${table} is not an interface of this file`);
    const columns = new Map<string, ColumnShape>();
    for (const col of iface.members) {
      if (!ts.isPropertySignature(col) || !col.type) continue;
      const shape: ColumnShape = { types: [], nullable: false, generated: false };
      shapeOf(col.type, shape);
      shape.types.sort();
      columns.set(col.name.getText(file).replace(/^['"]|['"]$/g, ''), shape);
    }
    tables.set(table, columns);
  }
  return tables;
}

export interface CompareOptions {
  /**
   * Tables another library creates and owns (better-auth): they may be missing from schema.ts,
   * and schema.ts may type only the columns our code reads. Columns it does type must match.
   */
  ownedElsewhere: ReadonlySet<string>;
  /**
   * "table.column" keys the database cannot hold null in although the introspection says it may:
   * SQLite reports primary-key columns as nullable (a legacy quirk of non-INTEGER keys; an INTEGER
   * key is the rowid). The app treats every key as NOT NULL, as PostgreSQL does.
   */
  primaryKeys: ReadonlySet<string>;
}

/**
 * One dialect stores what the other types differently: SQLite keeps booleans as 0/1 and dates as
 * text, so a column better-auth creates on both is typed `boolean | number` or `Date | string`;
 * a `bigint` column (better-auth's rateLimit.lastRequest) is a number on PostgreSQL (our int8
 * parser) and introspected as text on SQLite, so `number | string`.
 */
const OTHER_DIALECT: Record<string, readonly string[]> = {
  boolean: ['number'],
  number: ['boolean', 'string'],
  Date: ['string'],
  string: ['Date', 'number'],
};

const show = (s: ColumnShape) => {
  const t = [...s.types, ...(s.nullable ? ['null'] : [])].join(' | ');
  return s.generated ? `Generated<${t}>` : t;
};

/**
 * Every way the hand-written schema and the one generated from the migrated database disagree,
 * one line each (empty when they agree): tables, columns, nullability and types. A column the
 * database fills by default may be typed without Generated<> (inserts then always give it); the
 * reverse would let an insert omit a value the database requires, so it is reported.
 */
export function compareSchemas(hand: TableShapes, db: TableShapes, opts: CompareOptions): string[] {
  const problems: string[] = [];
  for (const table of [...new Set([...hand.keys(), ...db.keys()])].sort()) {
    const h = hand.get(table);
    const d = db.get(table);
    if (!d) {
      problems.push(`${table}: in schema.ts, but the migrated database has no such table`);
      continue;
    }
    if (!h) {
      if (!opts.ownedElsewhere.has(table))
        problems.push(`${table}: a table of the migrated database that schema.ts does not type`);
      continue;
    }
    for (const column of [...new Set([...h.keys(), ...d.keys()])].sort()) {
      const hc = h.get(column);
      const dc = d.get(column);
      const where = `${table}.${column}`;
      if (!dc) {
        problems.push(`${where}: in schema.ts, but the migrated database has no such column`);
        continue;
      }
      if (!hc) {
        if (!opts.ownedElsewhere.has(table))
          problems.push(`${where}: a column of the migrated database (${show(dc)}) that schema.ts does not type`);
        continue;
      }
      const dbNullable = dc.nullable && !opts.primaryKeys.has(where);
      const dbType = dc.types.length === 1 ? dc.types[0]! : null;
      const typesAgree =
        dbType !== null &&
        (hc.types.length === 1
          ? hc.types[0] === dbType
          : hc.types.length === 2 &&
            hc.types.includes(dbType) &&
            hc.types.some((t) => OTHER_DIALECT[dbType]?.includes(t)));
      const why: string[] = [];
      if (!typesAgree) why.push('type');
      if (hc.nullable !== dbNullable)
        why.push(dbNullable ? 'the database allows null' : 'the database never holds null');
      if (hc.generated && !dc.generated) why.push('Generated<> but the database has no default');
      if (why.length)
        problems.push(
          `${where}: schema.ts says ${show(hc)}, the migrated database says ${show({ ...dc, nullable: dbNullable })} (${why.join('; ')})`,
        );
    }
  }
  return problems;
}
