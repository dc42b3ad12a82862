import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { ORDERS, type CatalogueIndex, type OrderName } from './catalogue-index';
import { createIndexRowsRepository, type IndexRowsRepository } from './index-rows.repository';
import { catalogueTestApp, countedRental } from './catalogue.test-helpers';
import { createIndexFollower } from './index-follower';
import { eachUnit } from './unit-codes';
import { SIZES } from '../../../domain/catalogue';

/*
 * The search index is loaded in parts of a few thousand items (issue 27), in one snapshot with the
 * change log's version (decision 0057), on both databases. Loaded in parts of 7 items, the index
 * holds exactly what one part of everything holds (entries, sets, units, orders, searches), read
 * part by part or with each part read while the one before is taken in (PostgreSQL's way), and
 * a change committed while the load is between parts is in the index once it has loaded.
 */
const app = catalogueTestApp();
const PART = 7;
const SEARCHES = ['dress', 'black', 'blak dres', 'gucci', 'wool coat', 'silk', 'party'];
const RECENT = '2026-01-01';

function loader(repo: IndexRowsRepository, loadPart: number, readAhead = false) {
  return createIndexFollower({
    repo,
    readAhead,
    listen: async () => undefined,
    ...(app.t.ctx.database.changeToken && { changeToken: app.t.ctx.database.changeToken }),
    recentSince: () => RECENT,
    loadPart,
    pollMs: 60_000,
  });
}

/** Everything the index holds, as plain values. */
function contents(ix: CatalogueIndex, unitIds: number[]) {
  const sets = (v: { sets: Map<string, { array(): number[] }> }) =>
    Object.fromEntries([...v.sets].map(([k, s]) => [k, s.array()]));
  return {
    entries: [...ix.entries.values()].sort((a, b) => a.id - b.id).map((e) => ({ ...e, units: Array.from(e.units) })),
    active: ix.active.array(),
    discovery: ix.discovery.array(),
    sets: [ix.genders, ix.categories, ix.brands, ix.colours, ix.tags, ix.sizes].map(sets),
    units: unitIds.map((id) => ix.units.get(id) ?? null),
    orders: (Object.keys(ORDERS) as OrderName[]).map((o) => ix.order(o)),
    searches: SEARCHES.map((q) => {
      const resolved = ix.text.resolve(q);
      if (!resolved) return null;
      const { ids, ranks, n } = ix.text.ranks(resolved, ix.text.matchSet(resolved));
      return Array.from({ length: n }, (_, i) => [ids[i], ranks[i]]);
    }),
  };
}

describe('the search index loaded in parts (issue 27)', () => {
  it('holds exactly what a load in one part holds', async () => {
    const { db } = app.t.ctx.database;
    const repo = createIndexRowsRepository(db);
    const ids = (await db.selectFrom('items').select('id').where('status', '=', 'active').orderBy('id').execute()).map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThan(4 * PART);
    // Pieces on both sides of the parts' edges: retired (a gap in the ids), liked, rented lately.
    await db.updateTable('items').set({ status: 'retired' }).where('id', '=', ids[PART]!).execute();
    const member = await app.t.signUp();
    for (const at of [PART - 1, PART + 1, 2 * PART, 3 * PART - 1]) {
      expect((await member.request(`/api/favorites/${ids[at]}`, { method: 'PUT' })).status).toBe(200);
      await countedRental(app.t, ids[at]!, member.id, '2026-11-20T09:00:00.000Z');
    }
    const liked = await db.selectFrom('user_liked_items').select('item_id').execute();
    expect(liked.length).toBe(4);
    const unitIds = (await db.selectFrom('item_units').select('id').orderBy('id').execute()).map((u) => u.id);

    const whole = loader(repo, 1_000_000);
    const parted = loader(repo, PART);
    const ahead = loader(repo, PART, true);
    const one = contents(await whole.current(), unitIds);
    const inParts = contents(await parted.current(), unitIds);
    const readAhead = contents(await ahead.current(), unitIds);
    for (const f of [whole, parted, ahead]) f.stop();
    expect(parted.stats.items).toBe(ids.length - 1);
    expect(ahead.stats.items).toBe(ids.length - 1);
    expect(readAhead).toEqual(one);
    expect(one.entries.filter((e) => e.likes > 0 && e.rentedOn.length > 0).length).toBe(4);
    expect(inParts).toEqual(one);
  });

  it('keeps a change committed while the load is between parts', async () => {
    const { db } = app.t.ctx.database;
    const ids = (await db.selectFrom('items').select('id').where('status', '=', 'active').orderBy('id').execute()).map(
      (r) => r.id,
    );
    const [read, unread] = [ids[1]!, ids[ids.length - 2]!];
    // Another connection: on SQLite this process's one connection is the load's until it ends.
    const other = createDatabase({ databaseUrl: app.t.ctx.env.databaseUrl, dataDir: app.t.ctx.env.dataDir });
    const repo = createIndexRowsRepository(db);
    let parts = 0;
    const follower = loader(
      {
        ...repo,
        indexSnapshot: (since, onPart, size) =>
          repo.indexSnapshot(
            since,
            async (part) => {
              await onPart(part);
              // After the first part: a piece already read and one not read yet change price.
              if (parts++ === 0)
                await other.db
                  .updateTable('items')
                  .set({ rental_price_cents: 4321 })
                  .where('id', 'in', [read, unread])
                  .execute();
            },
            size,
          ),
      },
      PART,
    );
    try {
      // The first read waits for the load; the next catches up with what was committed before it.
      await follower.current();
      const ix = await follower.current();
      expect(parts).toBeGreaterThan(2);
      expect(ix.entries.get(read)?.price).toBe(4321);
      expect(ix.entries.get(unread)?.price).toBe(4321);
    } finally {
      follower.stop();
      await other.destroy();
    }
  });

  it("reads each item's units as the database holds them, coded by the database", async () => {
    const { db } = app.t.ctx.database;
    const rows = await db.selectFrom('item_units').select(['id', 'item_id', 'size']).orderBy('id').execute();
    const ids = [...new Set(rows.map((u) => u.item_id))];
    expect(rows.length).toBeGreaterThan(ids.length);
    const { items } = await createIndexRowsRepository(db).indexRows(ids, RECENT);
    const read: [number, number, string][] = [];
    for (const item of items) eachUnit(item.units, (id, k) => read.push([id, item.id, SIZES[k]!]));
    expect(read.sort((a, b) => a[0] - b[0])).toEqual(rows.map((u) => [u.id, u.item_id, u.size]));
  });
});
