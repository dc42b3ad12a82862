import { ItemGenderSchema, type ItemGender } from '../../../domain/catalogue';
import {
  DAILY_VIEW_LIMIT,
  MATCH_MESSAGES,
  MatchItemSchema,
  remainingViews,
  type DailyViews,
  type Deck,
  type Favorite,
  type MatchItem,
  type Progress,
  type ProgressInput,
  type SwipeInput,
  type SwipeResult,
} from '../../../domain/match';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import { toCatalogueItem, type ItemPictures, type ItemPicturesService } from '../catalogue';
import { createMatchRepository, type ItemRow } from './match.repository';

/** A catalogue row as the deck and favorites show it: the catalogue's own item shape. */
export const toMatchItem = (row: ItemRow, pictures: ItemPictures): MatchItem => toCatalogueItem(row, pictures);

/**
 * A favorite from its stored copy. The copy is our own JSON; one written by an older item shape
 * is still shown (and can be removed) as long as it names the item.
 */
function toFavorite(row: { item_id: number; item_data: string; liked_at: string }): Favorite | null {
  let data: unknown;
  try {
    data = JSON.parse(row.item_data);
  } catch {
    return null;
  }
  const item = MatchItemSchema.safeParse(data);
  if (item.success) return { itemId: Number(row.item_id), likedAt: row.liked_at, item: item.data };
  const loose = data as Partial<MatchItem> | null;
  if (!loose || typeof loose.name !== 'string' || typeof loose.id !== 'number') return null;
  return { itemId: Number(row.item_id), likedAt: row.liked_at, item: loose as MatchItem };
}

/**
 * The match session and favorites. The daily limit is counted in business days (ctx.today()), and
 * is held by the database: a view is counted by a conditional update inside the swipe's
 * transaction, so concurrent swipes can never count more than the limit.
 */
export function createMatchService(ctx: AppContext, deps: { pictures: ItemPicturesService }) {
  const db = ctx.database.db;
  const repo = createMatchRepository(db);
  const { pictures } = deps;
  const now = () => ctx.clock();

  /**
   * Favorites show the item's pictures as they are now (the stored copy keeps the rest as it
   * was when liked): a member's new photos, a redrawn illustration.
   */
  async function withCurrentPictures(favs: Favorite[]): Promise<Favorite[]> {
    return withPictures(favs, await pictures.forIds(favs.map((f) => f.itemId)));
  }
  function withPictures(favs: Favorite[], pics: Awaited<ReturnType<typeof pictures.forIds>>): Favorite[] {
    return favs.map((f) => {
      const p = pics.get(f.itemId);
      return p ? { ...f, item: { ...f.item, imageUrl: p.imageUrl, imageAlt: p.imageAlt, images: p.images } } : f;
    });
  }

  const daily = (day: string, count: number): DailyViews => ({
    day,
    count,
    limit: DAILY_VIEW_LIMIT,
    remaining: remainingViews(count),
  });

  return {
    /** The items of a gender the member has not viewed, each with its place in the full list. */
    async deck(userId: string, gender: ItemGender): Promise<Deck> {
      const [items, viewed] = await Promise.all([repo.listGenderItems(gender, userId), repo.listViewedItemIds(userId)]);
      const seen = new Set(viewed.map((v) => Number(v.item_id)));
      const pics = await pictures.forRows(items.filter((row) => !seen.has(row.id)));
      return {
        gender,
        total: items.length,
        items: items.flatMap((row, position) =>
          seen.has(row.id) ? [] : [{ position, item: toMatchItem(row, pics.get(row.id)!) }],
        ),
      };
    },

    async dailyViews(userId: string): Promise<DailyViews> {
      const day = ctx.today();
      return daily(day, await repo.dailyCount(userId, day));
    },

    /**
     * A like or a skip, in one transaction: mark the item viewed, count the view (first views
     * only, refused with 429 past the daily limit, which rolls the whole swipe back) and, for a
     * like, save the favorite with a copy of the item.
     */
    async swipe(userId: string, input: SwipeInput): Promise<SwipeResult> {
      const at = now();
      const day = ctx.dayOf(at);
      const iso = at.toISOString();
      // Read before the transaction (SQLite has one connection): the liked item's pictures.
      const liked = input.action === 'like' ? await pictures.forIds([input.itemId]) : null;
      const result = await db.transaction().execute(async (tx) => {
        const row = await repo.findActiveItem(input.itemId, tx);
        if (!row) throw notFound('Item not found');
        const firstView = await repo.markViewed(tx, userId, row.id, iso);
        if (firstView && !(await repo.countView(tx, userId, day, DAILY_VIEW_LIMIT))) {
          throw new DomainError('DAILY_LIMIT_REACHED', MATCH_MESSAGES.dailyLimit, {
            details: { limit: DAILY_VIEW_LIMIT, day },
          });
        }
        const count = await repo.dailyCount(userId, day, tx);
        let favorite: Favorite | null = null;
        // The like last: a new favorite is a catalogue change (the piece's favorites count), and
        // logging it holds the catalogue's version row until the commit.
        if (input.action === 'like') {
          const data = JSON.stringify(toMatchItem(row, liked!.get(row.id)!));
          const saved =
            (await repo.addFavorite(tx, userId, row.id, data, iso)) ?? (await repo.findFavorite(userId, row.id, tx));
          favorite = saved ? toFavorite(saved) : null;
        }
        return { itemId: row.id, action: input.action, counted: firstView, daily: daily(day, count), favorite };
      });
      // The pictures read for the like, a moment ago, are its current ones.
      if (result.favorite && liked) result.favorite = withPictures([result.favorite], liked)[0]!;
      return result;
    },

    async progress(userId: string): Promise<Progress> {
      const rows = await repo.listProgress(userId);
      const indexes = { Women: 0, Men: 0 };
      let current: { gender: ItemGender; at: string } | null = null;
      for (const r of rows) {
        const g = ItemGenderSchema.safeParse(r.gender);
        if (!g.success) continue;
        indexes[g.data] = Number(r.last_item_index);
        if (!current || r.updated_at > current.at) current = { gender: g.data, at: r.updated_at };
      }
      return { currentGender: current?.gender ?? null, indexes };
    },

    async saveProgress(userId: string, input: ProgressInput): Promise<Progress> {
      await repo.saveProgress(userId, input.gender, input.lastItemIndex, now().toISOString());
      return this.progress(userId);
    },

    async favorites(userId: string): Promise<Favorite[]> {
      const rows = await repo.listFavorites(userId);
      return withCurrentPictures(rows.flatMap((r) => toFavorite(r) ?? []));
    },

    /** Adds a favorite directly (the item page's Add to Wishlist): no view is counted. Idempotent. */
    async addFavorite(userId: string, itemId: number): Promise<Favorite> {
      const row = await repo.findActiveItem(itemId);
      if (!row) throw notFound('Item not found');
      const pics = await pictures.forRows([row]);
      const data = JSON.stringify(toMatchItem(row, pics.get(row.id)!));
      const saved =
        (await repo.addFavorite(db, userId, row.id, data, now().toISOString())) ??
        (await repo.findFavorite(userId, row.id));
      const fav = saved && toFavorite(saved);
      if (!fav) throw notFound('Item not found');
      // The pictures just read are its current ones.
      return withPictures([fav], pics)[0]!;
    },

    /** Removes one of the member's favorites: 404 when they have no such favorite. */
    async removeFavorite(userId: string, itemId: number): Promise<void> {
      if (!(await repo.removeFavorite(userId, itemId))) throw notFound('Favorite not found');
    },
  };
}

export type MatchService = ReturnType<typeof createMatchService>;
