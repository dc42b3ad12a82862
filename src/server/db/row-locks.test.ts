import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDialectWithoutRowLocks } from './row-locks';

interface T {
  jobs: { id: number; state: string };
}

const sqlite = new SQLite(':memory:');
sqlite.exec('create table jobs (id integer primary key, state text not null)');
const db = new Kysely<T>({ dialect: new SqliteDialectWithoutRowLocks({ database: sqlite }) });
afterAll(() => db.destroy());

describe('SqliteDialectWithoutRowLocks', () => {
  it('drops a row lock from a select', () => {
    const q = db.selectFrom('jobs').select('id').where('id', '=', 1).forUpdate().skipLocked().compile();
    expect(q.sql).toBe('select "id" from "jobs" where "id" = ?');
  });

  it("drops a subquery's row lock, and the query still runs", async () => {
    await db.insertInto('jobs').values({ id: 1, state: 'queued' }).execute();
    const q = db
      .updateTable('jobs')
      .set({ state: 'running' })
      .where('id', '=', (eb) =>
        eb.selectFrom('jobs').select('id').where('state', '=', 'queued').limit(1).forUpdate().skipLocked(),
      );
    expect(q.compile().sql).not.toMatch(/for update|skip locked/i);
    expect(Number((await q.executeTakeFirst()).numUpdatedRows)).toBe(1);
  });

  it('keeps the rest of a select: its limit, and a lock-free subquery', () => {
    const q = db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('jobs').select('id').where('state', '=', 'for update'))
      .limit(1)
      .forShare()
      .compile();
    expect(q.sql).toBe('select "id" from "jobs" where "id" in (select "id" from "jobs" where "state" = ?) limit ?');
    expect(q.parameters).toEqual(['for update', 1]);
  });
});
