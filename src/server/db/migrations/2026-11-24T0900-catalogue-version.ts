import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * A counter of the catalogue's shape (decision 0024): one row whose `version` goes up, in the
 * same transaction, whenever an item is added or removed, changes a column the facet counts read
 * (status, gender, category, brand, colour, tags, weekly price), or gains or loses a unit. The
 * facet index of each app process (catalogue/facet-index.ts) reads it before counting and rebuilds
 * itself when it moved, so the counts are never older than the last committed change.
 * Bookings do not move it: counts with dates read the bookings afresh.
 */
const ITEM_COLUMNS = 'status, gender, category, brand, colour, tags, rental_price_cents';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 0 }).execute();
  if (isPostgres(db)) {
    await sql`
      create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql
      .raw(
        `create trigger items_catalogue_version after insert or delete or update of ${ITEM_COLUMNS} on items for each statement execute function bump_catalogue_version()`,
      )
      .execute(db);
    await sql`create trigger item_units_catalogue_version after insert or delete or update on item_units for each statement execute function bump_catalogue_version()`.execute(
      db,
    );
    return;
  }
  const bump = 'update catalogue_version set version = version + 1 where id = 1;';
  await sql.raw(`create trigger items_catalogue_version_ai after insert on items begin ${bump} end`).execute(db);
  await sql.raw(`create trigger items_catalogue_version_ad after delete on items begin ${bump} end`).execute(db);
  await sql
    .raw(`create trigger items_catalogue_version_au after update of ${ITEM_COLUMNS} on items begin ${bump} end`)
    .execute(db);
  await sql
    .raw(`create trigger item_units_catalogue_version_ai after insert on item_units begin ${bump} end`)
    .execute(db);
  await sql
    .raw(`create trigger item_units_catalogue_version_ad after delete on item_units begin ${bump} end`)
    .execute(db);
  await sql
    .raw(`create trigger item_units_catalogue_version_au after update on item_units begin ${bump} end`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists items_catalogue_version on items`.execute(db);
    await sql`drop trigger if exists item_units_catalogue_version on item_units`.execute(db);
    await sql`drop function if exists bump_catalogue_version()`.execute(db);
  } else {
    for (const t of [
      'items_catalogue_version_ai',
      'items_catalogue_version_ad',
      'items_catalogue_version_au',
      'item_units_catalogue_version_ai',
      'item_units_catalogue_version_ad',
      'item_units_catalogue_version_au',
    ]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  await db.schema.dropTable('catalogue_version').ifExists().execute();
}
