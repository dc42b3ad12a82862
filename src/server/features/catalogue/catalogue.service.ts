import type { Handoff } from '../../../domain/availability';
import { LRUCache } from 'lru-cache';
import type { Calendar } from '../../../domain/rentals';
import {
  type CatalogueItem,
  type CatalogueItemSummary,
  type ItemAvailability,
  type ItemFacets,
  type ItemListQuery,
  type ItemPage,
  type SearchSuggestions,
  addDays,
  parseSizes,
  searchTerms,
} from '../../../domain/catalogue';
import type { LenderRating } from '../../../domain/ratings';
import type { AppContext } from '../../context';
import { notFound } from '../../../domain/errors';
import {
  SORT_COLUMNS,
  createCatalogueRepository,
  type ItemFilters,
  type ItemRow,
  type ItemSummaryBase,
} from './catalogue.repository';
import { toCatalogueItem } from './catalogue-items';
import { createListSummaries } from './list-summaries';
import { decodeCursor, encodeCursor } from './cursor';
import { facetCounts, tabCounts } from './facet-counts';
import { dateSets, freeOf, inOrder, page as indexPage, resultSet, takePage } from './index-query';
import { indexSummaries } from './index-summaries';
import type { CatalogueIndex } from './catalogue-index';
import { AVAILABLE_SOON_DAYS, memberRanking } from './ranking';
import { recommendedOrder } from './recommended-order';
import { similarPieces } from './similar-pieces';
import { completeTheLook } from './complete-the-look';
import type { TypedFastBitSet } from 'typedfastbitset';
import type { IndexFollower } from './index-follower';
import type { ResolvedSearch } from './search-language';
import type { ItemAvailabilityService } from './item-availability';
import type { ItemPicturesService } from './item-pictures';
import type { ServedPictures } from './served-pictures';

/** How long the list of brands is kept before it is read again (a stale copy answers meanwhile). */
const VOCABULARY_TTL_MS = 60_000;
/** How many items and brands a suggestion list shows. */
const SUGGESTED_ITEMS = 6;
const SUGGESTED_BRANDS = 4;

/** Lenders' ratings by lender id (the ratings feature, given by the composition root). */
export type LenderRatings = (lenderIds: string[]) => Promise<Map<string, LenderRating>>;

export function createCatalogueService(
  ctx: AppContext,
  deps: {
    pictures: ItemPicturesService;
    /** The in-process search index, kept exact by the change log (decision 0057). */
    index: IndexFollower;
    availability: ItemAvailabilityService;
    served: ServedPictures;
    lenderRatings?: LenderRatings;
    /** A member's sizes (her usual size, her rentals'), for the Recommended sort (decision 0065). */
    memberSizes?: (userId: string) => Promise<string[]>;
    /** A member's latest favorites (item ids), for "close to what she liked" (decision 0071). */
    memberLikes?: (userId: string) => Promise<number[]>;
  },
) {
  const { db } = ctx.database;
  const repo = createCatalogueRepository(db);
  const { pictures, availability } = deps;
  const summaries = createListSummaries(pictures);
  /** The brands and their words (split once per fetch, not per suggestion). */
  const brandCache = new LRUCache<'brands', { brand: string; words: string[] }[]>({
    max: 1,
    ttl: VOCABULARY_TTL_MS,
    allowStale: true,
    fetchMethod: async () => (await repo.brands()).map((brand) => ({ brand, words: searchTerms(brand) })),
  });

  /** The ids of the units held on a list's or count's dates (null: no dates), from the bookings. */
  async function bookedOn(f: ItemFilters): Promise<number[] | null> {
    const held = availability.heldDates(f);
    return held.from && held.to ? repo.bookedUnits(held.from, held.to) : null;
  }

  /** An active item's row, or 404 'Item not found' (also for removed items). */
  async function activeRow(id: number) {
    const row = await repo.findById(id);
    if (!row || row.status !== 'active') throw notFound('Item not found');
    return row;
  }

  /** The held days a list's dates ask about, or the coming week from today without dates. */
  function soonRange(f: ItemFilters): [string, string] {
    const held = availability.heldDates(f);
    if (held.from && held.to) return [held.from, held.to];
    const today = ctx.today();
    return [today, addDays(today, AVAILABLE_SOON_DAYS)];
  }

  /** The units held on the dates asked (held days), or in the coming week from today without dates. */
  function heldSoon(f: ItemFilters): Promise<number[]> {
    return repo.bookedUnits(...soonRange(f));
  }

  /** Her part of the Recommended ranking (ranking.ts): her sizes and her taste from her favorites. */
  async function rankingFor(ix: CatalogueIndex, userId?: string) {
    const [sizes, liked] = await Promise.all([
      userId && deps.memberSizes ? deps.memberSizes(userId) : Promise.resolve([]),
      userId && deps.memberLikes ? deps.memberLikes(userId) : Promise.resolve([]),
    ]);
    return memberRanking(ix, sizes, liked);
  }

  /** The units of some pieces held on a list's dates, or in the coming week from today without dates. */
  function bookedOf(f: ItemFilters) {
    const [from, to] = soonRange(f);
    return (itemIds: number[]) => repo.bookedUnits(from, to, itemIds);
  }

  /** List rows as the API's summaries (kept per version of a piece, list-summaries.ts): their covers and their lenders' ratings. */
  async function summariesOf(page: ItemSummaryBase[]): Promise<CatalogueItemSummary[]> {
    const owners = page.map((r) => r.owner_id).filter((o): o is string => !!o);
    const ratings = owners.length && deps.lenderRatings ? await deps.lenderRatings(owners) : null;
    return summaries.of(page, (row) => (row.owner_id && ratings ? (ratings.get(row.owner_id) ?? null) : undefined));
  }

  /** Pieces the index picks around an active item (free in the coming week first), as the API's summaries, in its order. */
  async function aroundItem(
    id: number,
    pick: (ix: CatalogueIndex, id: number, noneFree: TypedFastBitSet | null) => number[],
  ): Promise<CatalogueItemSummary[]> {
    const ix = await deps.index.current();
    if (!ix.entries.has(id)) throw notFound('Item not found');
    const { noneFree } = dateSets(ix, await heldSoon({}));
    const ids = pick(ix, id, noneFree);
    return summariesOf(
      indexSummaries(
        ix,
        ids.map((i) => ({ id: i })),
      ),
    );
  }

  return {
    /** One item by id, or 404 'Item not found' (also for removed items). */
    async getItem(id: number): Promise<CatalogueItem> {
      const row = await activeRow(id);
      const item = toCatalogueItem(row, (await pictures.forRows([row])).get(row.id)!);
      if (row.owner_id && deps.lenderRatings)
        item.lenderRating = (await deps.lenderRatings([row.owner_id])).get(row.owner_id) ?? null;
      return item;
    },

    /** The sizes an active item is offered in, or 404 'Item not found' as getItem. */
    async offeredSizes(id: number): Promise<readonly string[]> {
      return parseSizes((await activeRow(id)).sizes);
    },

    /** One item of the static pages by its slug. */
    async getItemBySlug(slug: string): Promise<CatalogueItem> {
      const row = await repo.findBySlug(slug);
      if (!row) throw notFound('Item not found');
      return toCatalogueItem(row, (await pictures.forRows([row])).get(row.id)!);
    },

    /** Several items by id (for favorites, rentals...), in the order asked; unknown ids are left out. */
    async getItems(ids: number[]): Promise<CatalogueItem[]> {
      const rows: ItemRow[] = [];
      for (const id of ids) {
        const row = await repo.findById(id);
        if (row && row.status === 'active') rows.push(row);
      }
      const pics = await pictures.forRows(rows);
      return rows.map((row) => toCatalogueItem(row, pics.get(row.id)!));
    },

    /** A page of active items with filters, sort and a keyset cursor: chosen, ordered and drawn by the index (decision 0083). */
    async listItems(
      query: ItemListQuery,
      resolved?: ResolvedSearch | null,
      viewer?: { userId?: string },
    ): Promise<ItemPage> {
      const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
      const ix = await deps.index.current();
      const search = resolved !== undefined ? resolved : ix.text.resolve(query.q);
      if (search && search.groups.length === 0) return { items: [], nextCursor: null };
      // On dates, the pieces in order are asked of the bookings a batch at a time (a page's worth),
      // not every unit held on the dates (tens of thousands at 100k pieces); counts still use those.
      // Which of a batch's units are held is one light statement; the index knows each piece's units.
      const held = availability.heldDates(query);
      const set = resultSet(ix, query, search ? ix.text.matchSet(search) : null, null);
      const keep =
        held.from && held.to
          ? async (ids: number[]) => freeOf(ix, ids, await repo.bookedUnits(held.from!, held.to!, ids), query.size)
          : undefined;
      // A search's ranks, for the pieces the filters leave (relevance is the only order that reads them).
      // A first page without dates needs only its own pieces and the next one ranked (text-index.ts).
      const matches =
        search && query.sort === 'relevance'
          ? ix.text.ranks(search, set, after || keep ? undefined : query.limit + 1)
          : null;
      // A chosen category's pieces are walked in its own order (index-query.ts).
      const within = query.category ? (ix.categories.get(query.category) ?? null) : null;
      // Recommended walks the catalogue's part of the blend from the top (recommended-order.ts).
      const picked =
        query.sort === 'recommended'
          ? await takePage(
              recommendedOrder(ix, set, await rankingFor(ix, viewer?.userId), ctx.today(), after, bookedOf(query)),
              query.limit,
              keep,
            )
          : keep
            ? await takePage(inOrder(ix, set, query.sort, matches, after, within), query.limit, keep)
            : indexPage(ix, set, query.sort, matches, after, query.limit, within);
      // The page's rows are the index's own (decision 0083), as current as its choice of pieces.
      const rows = indexSummaries(ix, picked);
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page[page.length - 1];
      const column = SORT_COLUMNS[query.sort].column;
      return {
        items: await summariesOf(page),
        nextCursor:
          more && last
            ? encodeCursor(query.sort, {
                value: (column === 'score' ? last.score : last[column]) as number | string,
                id: last.id,
              })
            : null,
      };
    },

    /**
     * Counts for the filter lists, each respecting every other active filter (docs/product.md,
     * "Search and filters"): one pass over the facet index, with the search's matches and the
     * range's bookings read afresh (decision 0024).
     */
    async facets(filters: ItemFilters): Promise<ItemFacets> {
      const ix = await deps.index.current();
      const search = ix.text.resolve(filters.q);
      const matches = search ? ix.text.matchSet(search) : null;
      const booked = await bookedOn(filters);
      if (!matches) return { ...facetCounts(ix, filters, null, booked), tabs: null };
      // Each tab as a change of tab leaves it (browse-params.ts: the search, dates, price and theme stay).
      const kept: ItemFilters = {
        q: filters.q,
        theme: filters.theme,
        minPrice: filters.minPrice,
        maxPrice: filters.maxPrice,
        from: filters.from,
        to: filters.to,
      };
      return { ...facetCounts(ix, filters, matches, booked), tabs: tabCounts(ix, kept, matches, booked) };
    },

    /** Suggestions as the visitor types: the best few items and the brands whose words start like hers. */
    async suggest(text: string): Promise<SearchSuggestions> {
      const search = (await deps.index.current()).text.resolve(text);
      if (!search || search.groups.length === 0) return { corrected: null, items: [], brands: [] };
      // Pieces once a word has 3 letters: "bl" would rank a third of the catalogue to show six.
      const longEnough = searchTerms(text).some((t) => t.length >= 3);
      const page = longEnough
        ? await this.listItems({ q: text, sort: 'relevance', limit: SUGGESTED_ITEMS }, search)
        : { items: [] };
      const brands = (await brandCache.fetch('brands')) ?? [];
      const scored = brands
        .map(({ brand, words }) => {
          const hits = search.groups.filter((g) =>
            g.some((alt) => alt.every((w) => words.some((bw) => bw.startsWith(w)))),
          ).length;
          return { brand, hits };
        })
        .filter((b) => b.hits > 0)
        .sort((a, b) => b.hits - a.hits || a.brand.localeCompare(b.brand));
      return {
        corrected: search.corrected,
        items: page.items.map(({ id, name, brand, category, colour, rentalPriceCents, imageUrl, imageAlt }) => ({
          id,
          name,
          brand,
          category,
          colour,
          rentalPriceCents,
          imageUrl,
          imageAlt,
        })),
        brands: scored.slice(0, SUGGESTED_BRANDS).map((b) => b.brand),
      };
    },

    brands(): Promise<string[]> {
      return repo.brands();
    },

    /** The active pieces listed (added, or approved) after `since`, with when (saved searches' alerts, decision 0065). */
    async listedSince(since: string, limit = 5000): Promise<{ id: number; name: string; listedAt: string }[]> {
      const rows = await repo.listedSince(since, limit);
      return rows.map((r) => ({ id: r.id, name: r.name, listedAt: r.reviewed_at ?? r.created_at }));
    },

    /** Of these pieces, those a list with these filters shows (the index's answer; dates ignored), in the order given. */
    async matching(filters: ItemFilters, ids: readonly number[]): Promise<number[]> {
      const ix = await deps.index.current();
      const search = ix.text.resolve(filters.q);
      if (search && search.groups.length === 0) return [];
      const set = resultSet(
        ix,
        { ...filters, from: undefined, to: undefined },
        search ? ix.text.matchSet(search) : null,
        null,
      );
      return ids.filter((id) => set.has(id));
    },

    /** "You may also like" for an active item (similar-pieces.ts): available pieces first; 404 for an unknown item. */
    similar(id: number): Promise<CatalogueItemSummary[]> {
      return aroundItem(id, similarPieces);
    },

    /** "Complete the look" for an active item (complete-the-look.ts): other categories that go with it; 404 for an unknown item. */
    completeTheLook(id: number): Promise<CatalogueItemSummary[]> {
      return aroundItem(id, completeTheLook);
    },

    /** Per-size availability of an item for [from, to), with the next free date of each size. */
    async availability(id: number, from: string, to: string): Promise<ItemAvailability> {
      const item = await this.getItem(id);
      return availability.sizes(id, item.sizes, from, to);
    },

    /**
     * A unit of the item's size free for a rental of [startDate, endDate) received by `handoff`
     * (its occupancy: shipping day, cleaning window), or null: a read, without a lock. A booking
     * takes its unit through the bookings core (`core.freeUnitFor`: locked, then looked at again).
     */
    findFreeUnit: availability.findFreeUnit,

    /** The units of the item's size free for days already worked out, in unit order (a read, without a lock). */
    freeUnits: availability.freeUnits,

    /** True when the unit has nothing held overlapping the days (the core asks again under the unit's lock). */
    unitFree: availability.unitFree,

    /** The first date from `fromDate` on when some unit of the size is free for `days` days (null: none within a year). */
    nextFreeDate: availability.nextFreeDate,

    /** The days a rental holds its unit: the one definition (domain/availability.ts) with this server's settings. */
    occupancy: availability.occupancy,

    /** The settings availability is worked out with (CLEANING_DAYS). */
    availabilityRules: availability.rules,

    /** True when a unit of the size has nothing held overlapping `held`: the booking's test, without a lock (for reads). */
    hasFreeUnit: availability.hasFreeUnit,

    /**
     * For one size, which days of [from, to) have a unit not held that day, and which can start a
     * rental of `days` received by `handoff` (a unit free for its whole occupancy: shipping day,
     * cleaning window; between today and the last bookable start). Each day asks the question a
     * booking asks (the occupancy of domain/availability.ts, then hasFreeUnit), so the two never
     * disagree (decisions 0030, 0031).
     */
    async calendar(
      id: number,
      size: string,
      q: { from: string; to: string; days: number; handoff: Handoff; today: string; latestStart: string },
    ): Promise<Calendar> {
      const item = await this.getItem(id);
      return availability.calendar(id, item.sizes, size, q);
    },

    /** Every picture of items by id (any status): the one owner, for the other features. */
    pictures,

    /** The generated views as served: public while the item is active, nameless in a member's history (served-pictures.ts). */
    served: deps.served,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
