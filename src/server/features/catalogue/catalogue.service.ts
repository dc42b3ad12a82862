import type { Handoff } from '../../../domain/availability';
import { LRUCache } from 'lru-cache';
import type { Calendar } from '../../../domain/rentals';
import { COLOURS, OCCASION_WORDS } from '../../../domain/assistant';
import {
  CATEGORIES,
  OCCASIONS,
  type CatalogueItem,
  type ItemAvailability,
  type ItemFacets,
  type ItemListQuery,
  type ItemPage,
  type SearchSuggestions,
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
  type KnownWord,
  type SearchMatch,
} from './catalogue.repository';
import { toCatalogueItem, toSummary } from './catalogue-items';
import { decodeCursor, encodeCursor } from './cursor';
import { hasPrefix, nearestWord } from './search-terms';
import type { FacetIndex } from './facet-index';
import type { ItemAvailabilityService } from './item-availability';
import type { ItemPicturesService } from './item-pictures';
import type { ServedPictures } from './served-pictures';

/**
 * Words a correction never replaces (docs/product.md "Search and filters"): the occasions and the
 * words members use for them (the assistant's: "beach", "office", "gala"...), the categories and
 * the colours. Typed as they are, they are searched as they are, even when no piece uses them.
 */
const KNOWN_WORDS = new Set<string>(
  [...OCCASIONS, ...Object.values(OCCASION_WORDS).flat(), ...CATEGORIES, ...COLOURS].flatMap((w) => searchTerms(w)),
);

/** How long the search vocabulary is kept before it is read again (a stale copy answers meanwhile). */
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
    facetIndex: FacetIndex;
    availability: ItemAvailabilityService;
    served: ServedPictures;
    lenderRatings?: LenderRatings;
  },
) {
  const { db } = ctx.database;
  const repo = createCatalogueRepository(db);
  const { pictures, facetIndex, availability } = deps;
  // The in-process caches (decision 0018): lru-cache, whose fetch() lets requests that miss the
  // same key together share one query, and answers a stale value while one refresh runs.
  // Facet counts come from the facet index, exact at every request (decision 0024): no cache of answers.
  const wordCache = new LRUCache<'vocabulary', KnownWord[]>({
    max: 1,
    ttl: VOCABULARY_TTL_MS,
    allowStale: true,
    fetchMethod: () => repo.vocabulary(),
  });
  const brandCache = new LRUCache<'brands', string[]>({
    max: 1,
    ttl: VOCABULARY_TTL_MS,
    allowStale: true,
    fetchMethod: () => repo.brands(),
  });

  /**
   * The search as the database runs it (decision 0019): each typed word matches as a prefix; a
   * word of 4 letters or more that starts no word the catalogue uses also matches the known word
   * nearest it (edit distance, from the whole vocabulary on SQLite, from pg_trgm's most similar
   * words on PostgreSQL). Returns null for a search with no words.
   */
  async function resolveSearch(
    text: string | undefined,
  ): Promise<{ match: SearchMatch; corrected: string | null } | null> {
    if (!text) return null;
    const terms = searchTerms(text);
    if (terms.length === 0) return { match: { groups: [] }, corrected: null };
    const vocabulary = (await wordCache.fetch('vocabulary')) ?? [];
    let changed = false;
    const shown: string[] = [];
    const groups: string[][] = [];
    for (const term of terms) {
      // A word the catalogue uses, or one we know as an occasion or catalogue word ("beach"), is
      // searched as typed and never replaced by a neighbour ("peach").
      if (hasPrefix(vocabulary, term) || KNOWN_WORDS.has(term)) {
        groups.push([term]);
        shown.push(term);
        continue;
      }
      const candidates = await repo.correctionCandidates(term, vocabulary);
      const near = nearestWord(term, candidates);
      groups.push(near ? [term, near] : [term]);
      shown.push(near ?? term);
      changed ||= near !== null;
    }
    return { match: { groups }, corrected: changed ? shown.join(' ') : null };
  }

  return {
    /** One item by id, or 404 'Item not found' (also for removed items). */
    async getItem(id: number): Promise<CatalogueItem> {
      const row = await repo.findById(id);
      if (!row || row.status !== 'active') throw notFound('Item not found');
      const item = toCatalogueItem(row, (await pictures.forRows([row])).get(row.id)!);
      if (row.owner_id && deps.lenderRatings)
        item.lenderRating = (await deps.lenderRatings([row.owner_id])).get(row.owner_id) ?? null;
      return item;
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

    /** A page of active items with filters, sort and a keyset cursor. */
    async listItems(query: ItemListQuery, resolved?: SearchMatch | null): Promise<ItemPage> {
      const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
      const match = resolved !== undefined ? resolved : ((await resolveSearch(query.q))?.match ?? null);
      const rows = await repo.list(availability.heldDates(query), after, match);
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page[page.length - 1];
      const column = SORT_COLUMNS[query.sort].column;
      const covers = await pictures.coversForRows(page);
      const owners = page.map((r) => r.owner_id).filter((o): o is string => !!o);
      const ratings = owners.length && deps.lenderRatings ? await deps.lenderRatings(owners) : null;
      return {
        items: page.map((row) => {
          const summary = toSummary(row, covers.get(row.id)!);
          if (row.owner_id && ratings) summary.lenderRating = ratings.get(row.owner_id) ?? null;
          return summary;
        }),
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
      const search = await resolveSearch(filters.q);
      const matches = search ? new Set(await repo.matchingIds(search.match)) : null;
      const held = availability.heldDates(filters);
      const booked = held.from && held.to ? await repo.bookedUnits(held.from, held.to) : null;
      if (!matches) return { ...(await facetIndex.count(filters, matches, booked)), tabs: null };
      // Each tab as a change of tab leaves it (browse-params.ts: the search, dates, price and theme stay),
      // counted over the same snapshot as the search's own counts.
      const kept: ItemFilters = {
        q: filters.q,
        theme: filters.theme,
        minPrice: filters.minPrice,
        maxPrice: filters.maxPrice,
        from: held.from,
        to: held.to,
      };
      const [counts, women, men, discovery] = await facetIndex.countEach(
        [filters, { ...kept, gender: 'Women' }, { ...kept, gender: 'Men' }, { ...kept, discovery: true }],
        matches,
        booked,
      );
      return { ...counts!, tabs: { women: women!.total, men: men!.total, discovery: discovery!.total } };
    },

    /** Suggestions as the visitor types: the best few items and the brands whose words start like hers. */
    async suggest(text: string): Promise<SearchSuggestions> {
      const search = await resolveSearch(text);
      if (!search || search.match.groups.length === 0) return { corrected: null, items: [], brands: [] };
      // Pieces once a word has 3 letters: "bl" would rank a third of the catalogue to show six.
      const longEnough = searchTerms(text).some((t) => t.length >= 3);
      const page = longEnough
        ? await this.listItems({ q: text, sort: 'relevance', limit: SUGGESTED_ITEMS }, search.match)
        : { items: [] };
      const brands = (await brandCache.fetch('brands')) ?? [];
      const scored = brands
        .map((brand) => {
          const words = searchTerms(brand);
          const hits = search.match.groups.filter((g) => g.some((w) => words.some((bw) => bw.startsWith(w)))).length;
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
