import { firstFreeStart, occupancyOf, type Handoff, type Occupancy } from '../../../domain/availability';
import { daysBetween } from '../../../domain/calendar';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Calendar } from '../../../domain/rentals';
import { COLOURS, OCCASION_WORDS } from '../../../domain/assistant';
import {
  CATEGORIES,
  OCCASIONS,
  RENTAL_DAYS,
  addDays,
  type CatalogueItem,
  type CatalogueItemSummary,
  type Category,
  type ItemAvailability,
  type ItemFacets,
  type ItemGender,
  type ItemListQuery,
  type ItemPage,
  type ItemSort,
  parseSizes,
  type SearchSuggestions,
  searchTerms,
} from '../../../domain/catalogue';
import { MAX_ID } from '../../../domain/ids';
import type { LenderRating } from '../../../domain/ratings';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import {
  SORT_COLUMNS,
  createCatalogueRepository,
  type ItemFilters,
  type ItemRow,
  type ItemSummaryRow,
  type Keyset,
  type KnownWord,
  type SearchMatch,
} from './catalogue.repository';
import { hasPrefix, nearestWord } from './search-terms';
import { createFacetIndex } from './facet-index';
import type { ItemPictures, ItemPicturesService } from './item-pictures';
import { createServedPictures } from './served-pictures';

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
/** How far ahead nextFreeDate looks. */
const HORIZON_DAYS = 365;

/** A database row and its pictures (item-pictures.ts) as the API's item. */
export function toCatalogueItem(row: ItemRow, pictures: ItemPictures): CatalogueItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category as Category,
    gender: row.gender as ItemGender,
    sizes: parseSizes(row.sizes),
    colour: row.colour,
    tags: row.tags ? row.tags.split(',').filter(Boolean) : [],
    retailPriceCents: row.retail_price_cents,
    rentalPriceCents: row.rental_price_cents,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    rentalCount: row.rental_count,
    isNew: !!row.is_new,
    description: row.description,
    materials: row.materials,
    careInstructions: row.care_instructions,
    imageUrl: pictures.imageUrl,
    imageAlt: pictures.imageAlt,
    images: pictures.images,
    fromMember: row.owner_id !== null,
  };
}

function toSummary(row: ItemSummaryRow, cover: Pick<ItemPictures, 'imageUrl' | 'imageAlt'>): CatalogueItemSummary {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category as Category,
    gender: row.gender as ItemGender,
    colour: row.colour,
    retailPriceCents: row.retail_price_cents,
    rentalPriceCents: row.rental_price_cents,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    rentalCount: row.rental_count,
    isNew: !!row.is_new,
    imageUrl: cover.imageUrl,
    imageAlt: cover.imageAlt,
  };
}

const isCanonicalIdNumber = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;

function badParam(path: string, message: string): DomainError {
  return new DomainError('VALIDATION_FAILED', `Invalid query parameter: ${path} ${message}`, {
    issues: [{ path, message }],
  });
}

/** Cursors are opaque to clients: base64url of [sort, last key, last id]. */
export function encodeCursor(sort: string, key: Keyset): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.id])).toString('base64url');
}

/** The largest value of an integer column (PostgreSQL's integer). */
const INT_MAX = 2_147_483_647;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= INT_MAX;

/**
 * What each sort's key may be inside a cursor: a value of its column's type and range. A cursor
 * is the client's to send back, so it is checked like any input (PostgreSQL refuses a comparison
 * of an integer column with text, or a number beyond the column's range, with an error).
 */
const CURSOR_KEY_CHECKS: Record<ItemSort, (v: unknown) => boolean> = {
  popular: isCount, // rental_count
  'price-asc': isCount, // rental_price_cents
  'price-desc': isCount,
  rating: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 5,
  relevance: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e9, // the search's rank
  newest: (v) => typeof v === 'string' && v.length <= 40 && /^[0-9TZ:.+-]+$/.test(v), // created_at, ISO text
};

function decodeCursor(cursor: string, sort: ItemSort): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badParam('cursor', 'is not a cursor from a previous page');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badParam('cursor', 'is not a cursor from a previous page');
  const [s, value, id] = parsed as unknown[];
  if (s !== sort) throw badParam('cursor', `belongs to another sort (${String(s)}); start again without a cursor`);
  if (!CURSOR_KEY_CHECKS[sort](value) || !isCanonicalIdNumber(id))
    throw badParam('cursor', 'is not a cursor from a previous page');
  return { value: value as number | string, id: id as number };
}

/** Lenders' ratings by lender id (the ratings feature, given by the composition root). */
export type LenderRatings = (lenderIds: string[]) => Promise<Map<string, LenderRating>>;

export function createCatalogueService(
  ctx: AppContext,
  deps: { pictures: ItemPicturesService; lenderRatings?: LenderRatings },
) {
  const { db } = ctx.database;
  const repo = createCatalogueRepository(db);
  const { pictures } = deps;
  // The in-process caches (decision 0018): lru-cache, whose fetch() lets requests that miss the
  // same key together share one query, and answers a stale value while one refresh runs.
  // Facet counts come from the facet index, exact at every request (decision 0024): no cache of answers.
  const facetIndex = createFacetIndex(db);
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

  // Availability (decision 0031): the days a rental holds a unit come from the domain's one
  // definition (domain/availability.ts); the queries below only test held intervals for overlap.
  const rules = { cleaningDays: ctx.env.cleaningDays };
  const today = () => ctx.today();

  /** The days a rental of [startDate, endDate) holds its unit (delivered unless said otherwise). */
  function occupancy(startDate: string, endDate: string, handoff: Handoff = 'delivery'): Occupancy {
    return occupancyOf({ startDate, endDate }, handoff, rules, today());
  }

  /**
   * A list's or count's dates as the days a unit must be free: the delivered case, for visitors
   * and members alike (a piece shown is then bookable whichever way she receives it).
   */
  function heldDates<F extends { from?: string | undefined; to?: string | undefined }>(f: F): F {
    if (!(f.from && f.to)) return f;
    const held = occupancy(f.from, f.to);
    return { ...f, from: held.start, to: held.end };
  }

  /** A unit of the item's size with nothing held overlapping `held`, or null (locked). */
  async function freeUnitFor(trx: Kysely<DB>, itemId: number, size: string, held: Occupancy): Promise<number | null> {
    const candidates = await repo.freeUnits(trx, itemId, size, held.start, held.end);
    // PostgreSQL runs transactions side by side: lock the unit, then look again, so two members
    // booking the last unit at once cannot both get it (the second sees the first's booking).
    // SQLite runs them one at a time: the lock is dropped and the second look finds the first's answer.
    for (const { id } of candidates) {
      await repo.lockUnit(trx, id);
      if (!(await repo.unitBusy(trx, id, held.start, held.end))) return id;
    }
    return null;
  }

  async function findFreeUnit(
    trx: Kysely<DB>,
    itemId: number,
    size: string,
    startDate: string,
    endDate: string,
    handoff: Handoff = 'delivery',
  ): Promise<number | null> {
    return freeUnitFor(trx, itemId, size, occupancy(startDate, endDate, handoff));
  }

  /** True when a unit of the size has nothing held overlapping `held`: freeUnitFor's test, without a lock (for reads). */
  async function hasFreeUnit(itemId: number, size: string, held: Occupancy): Promise<boolean> {
    return (await repo.freeUnits(db, itemId, size, held.start, held.end)).length > 0;
  }

  async function nextFreeDate(
    trx: Kysely<DB>,
    itemId: number,
    size: string,
    fromDate: string,
    days: number = RENTAL_DAYS,
    handoff: Handoff = 'delivery',
  ): Promise<string | null> {
    const units = (await repo.units(itemId, trx)).filter((u) => u.size === size);
    if (units.length === 0) return null;
    const bookings = await repo.bookingsFrom(
      trx,
      itemId,
      size,
      occupancy(fromDate, addDays(fromDate, days), handoff).start,
    );
    const until = addDays(fromDate, HORIZON_DAYS);
    let best: string | null = null;
    for (const unit of units) {
      const held = bookings.filter((b) => b.unit_id === unit.id).map((b) => ({ start: b.start_date, end: b.end_date }));
      const start = firstFreeStart(held, { from: fromDate, days, handoff, rules, today: today(), until });
      if (start !== null && (best === null || start < best)) best = start;
    }
    return best;
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

    /** Several items by id (for favourites, rentals...), in the order asked; unknown ids are left out. */
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
      const rows = await repo.list(heldDates(query), after, match);
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
      const held = heldDates(filters);
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
      const units = await repo.units(id);
      const days = daysBetween(from, to);
      const sizes = [];
      for (const size of item.sizes) {
        const count = units.filter((u) => u.size === size).length;
        const free = count ? await findFreeUnit(db, id, size, from, to) : null;
        sizes.push({
          size,
          units: count,
          available: free !== null,
          nextFreeDate: free !== null ? from : await nextFreeDate(db, id, size, from, days),
        });
      }
      return { from, to, sizes };
    },

    /**
     * A unit of the item's size free for a rental of [startDate, endDate) received by `handoff`
     * (its occupancy: shipping day, cleaning window), or null. Call it inside the transaction that
     * inserts the booking; on PostgreSQL it takes the unit's row lock.
     */
    findFreeUnit,

    /** The same for days already worked out (moving a held booking to another unit). */
    freeUnitFor,

    /** The first date from `fromDate` on when some unit of the size is free for `days` days (null: none within a year). */
    nextFreeDate,

    /** The days a rental holds its unit: the one definition (domain/availability.ts) with this server's settings. */
    occupancy,

    /** The settings availability is worked out with (CLEANING_DAYS). */
    availabilityRules: rules,

    /** True when a unit of the size has nothing held overlapping `held`: the booking's test, without a lock (for reads). */
    hasFreeUnit,

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
      if (!(item.sizes as string[]).includes(size)) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `Invalid query parameter: size ${size} is not offered for this item`,
          {
            issues: [{ path: 'size', message: `must be one of ${item.sizes.join(', ')}` }],
          },
        );
      }
      const dates: Calendar['dates'] = [];
      for (let d = q.from; d < q.to; d = addDays(d, 1)) {
        const free = await hasFreeUnit(id, size, { start: d, end: addDays(d, 1) });
        const canStart =
          d >= q.today &&
          d <= q.latestStart &&
          (await hasFreeUnit(id, size, occupancy(d, addDays(d, q.days), q.handoff)));
        dates.push({ date: d, free, canStart });
      }
      return {
        itemId: id,
        size,
        handoff: q.handoff,
        from: q.from,
        to: q.to,
        days: q.days,
        today: q.today,
        latestStartDate: q.latestStart,
        firstFreeStart: dates.find((x) => x.canStart)?.date ?? null,
        dates,
      };
    },

    /** Every picture of items by id (any status): the one owner, for the other features. */
    pictures,

    /** The generated views as served: public while the item is active, nameless in a member's history (served-pictures.ts). */
    served: createServedPictures(db),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
