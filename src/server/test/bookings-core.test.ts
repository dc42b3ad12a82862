import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The bookings core (decision 0053) is the only code that writes which unit exists, which days it
// is held and where it is: outside src/server/features/bookings, no feature source inserts into,
// updates or deletes from item_units, bookings, rentals or unit_states, through Kysely or raw SQL.
// The one exception is the house catalogue's seed (its units, before anything is booked).
// Nor does any take a row lock on those tables: the core's `lock` (item, then units, then rental)
// is the one entry, so the lock order is kept in one place.
// The same checks by hand:
//   grep -rnE "(insertInto|updateTable|deleteFrom)\(['\"](item_units|bookings|rentals|unit_states)['\"]" \
//     src/server/features --include=*.ts | grep -v '\.test\.ts' | grep -v '^src/server/features/bookings/'
//   grep -rn "forUpdate\|forNoKeyUpdate\|forShare\|forKeyShare" src/server/features --include=*.ts | grep -v features/bookings

const features = path.resolve(import.meta.dirname, '../features');
const CORE_TABLES = '(item_units|bookings|rentals|unit_states)';
const KYSELY_WRITE = new RegExp(
  `(insertInto|updateTable|deleteFrom)\\(\\s*['"\`]${CORE_TABLES}(\\s+as\\s+\\w+)?['"\`]`,
);
const SQL_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${CORE_TABLES}"?\\s`, 'i');
const ALLOWED = [/^bookings\//, /^catalogue\/catalogue\.seed\.ts$/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.ts$/.test(d.name) && !/\.test\.ts$|test-helpers\.ts$/.test(d.name) ? [p] : [];
  });
}

/** The feature files (relative, with /) that write the core's tables. */
export function writersOf(files: { file: string; text: string }[]): string[] {
  return files.filter((f) => KYSELY_WRITE.test(f.text) || SQL_WRITE.test(f.text)).map((f) => f.file);
}

/** A Kysely row-lock clause, or one in a raw SQL template. */
const KYSELY_LOCK = /\.for(Update|NoKeyUpdate|Share|KeyShare)\(/;
/** A query that reads one of the core's tables (from or joined), through Kysely. */
const KYSELY_READS_CORE = new RegExp(`(selectFrom|[jJ]oin\\w*)\\(\\s*['"\`]${CORE_TABLES}(\\s+as\\s+\\w+)?['"\`]`);
/** A raw SQL template that reads one of the core's tables and locks rows. */
const SQL_LOCK = new RegExp(
  `sql\`[^\`]*\\b(from|join)\\s+"?${CORE_TABLES}"?[^\`]*\\bfor\\s+(update|no\\s+key\\s+update|share|key\\s+share)\\b[^\`]*\``,
  'i',
);
/** The source without its comments (a comment that names a lock is not one). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/**
 * The feature files that take a row lock on the core's tables: a Kysely statement (up to its `;`)
 * that reads one of them and has a lock clause (on PostgreSQL, FOR UPDATE without OF locks the
 * rows of every table it reads, joined ones too), or a raw SQL template that does.
 */
export function lockersOf(files: { file: string; text: string }[]): string[] {
  return files
    .filter((f) => {
      const text = code(f.text);
      return SQL_LOCK.test(text) || text.split(';').some((st) => KYSELY_LOCK.test(st) && KYSELY_READS_CORE.test(st));
    })
    .map((f) => f.file);
}

const files = sources(features).map((file) => ({
  file: path.relative(features, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

describe('the bookings core', () => {
  it('is the only feature code that writes item_units, bookings, rentals and unit_states', () => {
    expect(files.some((f) => f.file.startsWith('bookings/'))).toBe(true);
    expect(writersOf(files).filter((f) => !ALLOWED.some((a) => a.test(f)))).toEqual([]);
  });

  it('would catch another feature writing them', () => {
    const samples = [
      `await trx.updateTable('bookings').set({ released_at: at })`,
      `await trx\n  .insertInto("item_units")\n  .values(rows)`,
      `await trx.deleteFrom('rentals').where('id', '=', id)`,
      `await trx.updateTable('unit_states').set({ state: 'available' })`,
      'await sql`update bookings set released_at = ${at}`.execute(trx)',
      'await sql`DELETE FROM "rentals" WHERE id = ${id}`.execute(trx)',
    ];
    for (const text of samples) expect(writersOf([{ file: 'waitlist/waitlist.repository.ts', text }])).toHaveLength(1);
    // Reads and other tables are not writes of the core's.
    const reads = [`trx.selectFrom('bookings')`, `trx.updateTable('booking_requests')`, `trx.updateTable('items')`];
    for (const text of reads) expect(writersOf([{ file: 'lending/lending.repository.ts', text }])).toEqual([]);
  });

  it('owns the only row locks of item_units, bookings, rentals and unit_states', () => {
    expect(lockersOf(files).filter((f) => !f.startsWith('bookings/'))).toEqual([]);
    // The core's own lock is seen (the check finds what it looks for).
    expect(lockersOf(files)).toContain('bookings/bookings.lock.ts');
  });

  it('would catch another feature locking them', () => {
    const samples = [
      `await trx.selectFrom('item_units').select('id').where('id', '=', unitId).forUpdate().execute();`,
      `await trx\n  .selectFrom("rentals as r")\n  .select("r.id")\n  .where("r.id", "=", id)\n  .forNoKeyUpdate()\n  .execute();`,
      `await trx.selectFrom('bookings').select('id').forShare().execute();`,
      `await trx.selectFrom('unit_states').select('unit_id').forKeyShare().execute();`,
      `await trx.selectFrom('items').innerJoin('item_units as u', 'u.item_id', 'items.id').select('u.id').forUpdate().execute();`,
      'await sql`select id from rentals where id = ${id} for update`.execute(trx);',
      'await sql`SELECT 1 FROM "item_units" WHERE id = ${id} FOR NO KEY UPDATE`.execute(trx);',
    ];
    for (const text of samples) expect(lockersOf([{ file: 'ratings/ratings.repository.ts', text }])).toHaveLength(1);
    // Locks of other tables, reads of the core's without a lock, and comments are not.
    const others = [
      `await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();`,
      `await trx.selectFrom('rentals').select('id').execute();\nawait trx.selectFrom('user').select('id').forUpdate().execute();`,
      `// Locks the rental: trx.selectFrom('rentals').forUpdate() would\nawait core.lock(trx, { rentalId });`,
      'await sql`select id from booking_requests where id = ${id} for update`.execute(trx);',
    ];
    for (const text of others) expect(lockersOf([{ file: 'lending/lending.repository.ts', text }])).toEqual([]);
  });
});
