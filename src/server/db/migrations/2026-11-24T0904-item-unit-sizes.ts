import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * `items.unit_sizes`: the sizes an item has units of, as bits (decision 0024), kept by triggers
 * on item_units in the same transaction. The size filter tests the bit instead of looking up the
 * units of every item it walks: sizes follow categories and prices follow categories, so in
 * price order the men's shoes (the only pieces in 44) come after most of the catalogue, and
 * PostgreSQL looked up the units of ~10,000 items to fill a page (25-40 ms at 100k items).
 * With dates, the units of the size are still looked up, for the items that have the size only.
 * Bit k is size k of the size filter's list (domain: SIZES): XS S M L XL, One Size, 40 42 44 46 48.
 */
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'One Size', '40', '42', '44', '46', '48'];
const bitOf = (col: string) =>
  `(case ${col} ${SIZES.map((s, k) => `when '${s}' then ${1 << k}`).join(' ')} else 0 end)`;
/** The bits of an item's units, from the units themselves. */
const maskOf = (itemId: string) =>
  `(select coalesce(sum(b), 0) from (select distinct ${bitOf('size')} as b from item_units where item_id = ${itemId}) t)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('unit_sizes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql.raw(`update items set unit_sizes = ${maskOf('items.id')}`).execute(db);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function item_units_sizes() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then update items set unit_sizes = ${maskOf('old.item_id')} where id = old.item_id; end if;
          if tg_op in ('INSERT', 'UPDATE') then update items set unit_sizes = ${maskOf('new.item_id')} where id = new.item_id; end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger item_units_sizes_trg after insert or delete or update on item_units for each row execute function item_units_sizes()`.execute(
      db,
    );
    return;
  }
  await sql
    .raw(
      `create trigger item_units_sizes_ai after insert on item_units begin update items set unit_sizes = unit_sizes | ${bitOf('new.size')} where id = new.item_id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger item_units_sizes_ad after delete on item_units begin update items set unit_sizes = ${maskOf('old.item_id')} where id = old.item_id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger item_units_sizes_au after update on item_units begin ` +
        `update items set unit_sizes = ${maskOf('old.item_id')} where id = old.item_id; ` +
        `update items set unit_sizes = ${maskOf('new.item_id')} where id = new.item_id; end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists item_units_sizes_trg on item_units`.execute(db);
    await sql`drop function if exists item_units_sizes()`.execute(db);
  } else {
    for (const t of ['item_units_sizes_ai', 'item_units_sizes_ad', 'item_units_sizes_au'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await db.schema.alterTable('items').dropColumn('unit_sizes').execute();
}
