/**
 * The generated pictures as the routes serve them. A drawing names its item (the SVG's title and
 * label), so it is public only while the item is: an active piece's views at
 * /api/items/{id}/pictures/{view}.svg. Once a listing is removed (or its owner deleted her
 * account), or while it waits for review, those answer 404 like the item itself; ids are
 * sequential, so anything else would publish every removed name.
 *
 * A member's own history keeps its pictures: her past orders, rentals, requests and favorites
 * show a removed piece through /api/items/{id}/past-pictures/{view}.svg, the same drawing
 * without the name, served only to a member who rented, lent or liked that piece.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isView, pictureVersion, renderPicture } from '../../pictures';

/** A generated picture as the routes serve it. */
export interface GeneratedPicture {
  svg: string;
  etag: string;
  /** True when the URL named the current version: the answer never changes, cache it for a year. */
  immutable: boolean;
}

export function createServedPictures(db: Kysely<DB>) {
  const sourceOf = (id: number) =>
    db
      .selectFrom('items')
      .select(['id', 'name', 'brand', 'category', 'colour', 'look', 'owner_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();

  /** Whether the member rented this piece (or requested it), lent it, or liked it. */
  async function inHerHistory(itemId: number, userId: string, ownerId: string | null): Promise<boolean> {
    if (ownerId === userId) return true;
    const [rental, liked] = await Promise.all([
      db
        .selectFrom('rentals')
        .select('id')
        .where('item_id', '=', itemId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('lender_id', '=', userId)]))
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('user_liked_items')
        .select('item_id')
        .where('item_id', '=', itemId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    ]);
    return rental !== undefined || liked !== undefined;
  }

  return {
    /**
     * A view of an active item (SVG), or null for an unknown view or an item that is not public.
     * `version` is the `v` of the URL: when it is the current one the answer may be cached for good.
     */
    async picture(id: number, view: string, version?: string): Promise<GeneratedPicture | null> {
      if (!isView(view)) return null;
      const row = await sourceOf(id);
      if (!row || row.status !== 'active') return null;
      const current = pictureVersion(row);
      return { svg: renderPicture(row, view), etag: `"${current}-${view}"`, immutable: version === current };
    },

    /** A view without the item's name, for a member whose history has the piece (any status), or null. */
    async pastPicture(id: number, view: string, userId: string): Promise<GeneratedPicture | null> {
      if (!isView(view)) return null;
      const row = await sourceOf(id);
      if (!row || !(await inHerHistory(id, userId, row.owner_id))) return null;
      const current = pictureVersion(row);
      return { svg: renderPicture(row, view, { named: false }), etag: `"${current}-${view}-past"`, immutable: false };
    },
  };
}

export type ServedPictures = ReturnType<typeof createServedPictures>;
