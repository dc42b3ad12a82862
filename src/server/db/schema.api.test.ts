import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { generate, PostgresDialect, SqliteDialect } from 'kysely-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGBOSS_SCHEMA } from '../jobs/queue';
import { compareSchemas, readSchemaShapes } from '../test/schema-diff';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * src/server/db/schema.ts is written by hand (its comments carry the conventions) and checked
 * here against the types kysely-codegen generates from a freshly migrated database, on SQLite and,
 * in the api-postgres project, on PostgreSQL (decision 0016). A migration that adds, drops or
 * changes a column fails this test until schema.ts says the same.
 */

/** better-auth creates these; schema.ts types only the columns our code reads (see schema.ts). */
const BETTER_AUTH_TABLES = new Set(['user', 'session', 'account', 'verification', 'rateLimit']);
const root = path.resolve(import.meta.dirname, '../../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`db/schema.ts against the migrated database (${process.env.TEST_DIALECT})`, () => {
  it('types every table and column as the migrations made them', async () => {
    const { db, dialect } = t.ctx.database;
    const generated = await generate({
      db,
      dialect: dialect === 'postgres' ? new PostgresDialect() : new SqliteDialect(),
      // database.ts makes node-postgres return BIGINT as a number.
      typeMapping: { int8: 'number' },
      outFile: null,
    });
    // Kept for a reader of a failure: what the database looks like, as kysely-codegen writes it.
    const out = path.join(root, '.tmp', `schema.${dialect}.generated.ts`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, generated);

    const primaryKeys = new Set<string>();
    if (dialect === 'sqlite') {
      const rows = await sql<{
        t: string;
        c: string;
      }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.pk > 0`.execute(
        db,
      );
      for (const r of rows.rows) primaryKeys.add(`${r.t}.${r.c}`);
    }

    const hand = readSchemaShapes(readFileSync(path.join(root, 'src/server/db/schema.ts'), 'utf8'), 'schema.ts');
    const migrated = readSchemaShapes(generated, out);
    expect(migrated.size, 'kysely-codegen found the tables').toBeGreaterThan(10);
    // pg-boss keeps its own tables in its own schema (PostgreSQL only; decision 0021).
    const pgBossTables = [...migrated.keys()].filter((name) => name.startsWith(`${PGBOSS_SCHEMA}.`));
    // The search index belongs to each database's engine (decision 0019): SQLite's FTS5 table, its
    // shadow tables and vocabulary; PostgreSQL's search_words and the generated items.search_vector.
    // The app reads them only through raw SQL in catalogue.repository.ts.
    const searchTables = [...migrated.keys()].filter((name) => /^items_fts(_|$)/.test(name) || name === 'search_words');
    migrated.get('items')?.delete('search_vector');
    const problems = compareSchemas(hand, migrated, {
      ownedElsewhere: new Set([...BETTER_AUTH_TABLES, ...pgBossTables, ...searchTables]),
      primaryKeys,
    });
    expect(
      problems,
      `schema.ts and the migrated ${dialect} database disagree (generated types: ${path.relative(root, out)})`,
    ).toEqual([]);
  });
});
