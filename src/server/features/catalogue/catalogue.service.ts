import type { Kysely } from 'kysely';
import {
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
  type Size,
} from '../../../domain/catalogue';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { SORT_COLUMNS, createCatalogueRepository, type ItemRow, type ItemSummaryRow, type Keyset } from './catalogue.repository';
import { renderItemSvg, swatchFor } from './item-image';

/** How long facet counts are kept in memory: they change only when items are listed or removed. */
const FACETS_TTL_MS = 30_000;
/** How far ahead nextFreeDate looks. */
const HORIZON_DAYS = 365;

/**
 * The picture of an item. The one place that decides it: today our generated SVG; a member's
 * uploaded photo can take over here.
 */
export function imageUrlFor(item: { id: number; owner_id?: string | null }): string {
  return item.owner_id ? `/api/listings/${item.id}/photos/0` : `/api/items/${item.id}/image.svg`;
}

/** Alt text for an item's picture: what the picture shows. */
export function imageAltFor(item: { name: string; brand: string; category: string; colour: string }): string {
  const { word } = swatchFor(item.colour, item.name);
  return `${item.name} by ${item.brand}: illustration of a ${word} ${item.category.toLowerCase()} piece`;
}

function parseSizes(json: string): Size[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as Size[]) : [];
  } catch {
    return [];
  }
}

/** A database row as the API's item. */
export function toCatalogueItem(row: ItemRow): CatalogueItem {
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
    imageUrl: imageUrlFor(row),
    imageAlt: imageAltFor(row),
    fromMember: row.owner_id !== null,
  };
}

function toSummary(row: ItemSummaryRow): CatalogueItemSummary {
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
    isNew: !!row.is_new,
    imageUrl: imageUrlFor(row),
    imageAlt: imageAltFor(row),
  };
}

function badParam(path: string, message: string): HttpError {
  return new HttpError('VALIDATION_FAILED', `Invalid query parameter: ${path} ${message}`, { issues: [{ path, message }] });
}

/** Cursors are opaque to clients: base64url of [sort, last key, last id]. */
export function encodeCursor(sort: string, key: Keyset): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: string): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badParam('cursor', 'is not a cursor from a previous page');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badParam('cursor', 'is not a cursor from a previous page');
  const [s, value, id] = parsed as unknown[];
  if (s !== sort) throw badParam('cursor', `belongs to another sort (${String(s)}); start again without a cursor`);
  if ((typeof value !== 'number' && typeof value !== 'string') || typeof id !== 'number' || !Number.isInteger(id)) {
    throw badParam('cursor', 'is not a cursor from a previous page');
  }
  return { value, id };
}

export function createCatalogueService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const repo = createCatalogueRepository(db);
  const facetCache = new Map<string, { at: number; value: ItemFacets }>();

  async function findFreeUnit(trx: Kysely<DB>, itemId: number, size: string, startDate: string, endDate: string): Promise<number | null> {
    const candidates = await repo.freeUnits(trx, itemId, size, startDate, endDate);
    if (dialect !== 'postgres') return candidates[0]?.id ?? null;
    // PostgreSQL runs transactions side by side: lock the unit, then look again, so two members
    // booking the last unit at once cannot both get it (the second sees the first's booking).
    for (const { id } of candidates) {
      await repo.lockUnit(trx, id);
      if (!(await repo.unitBusy(trx, id, startDate, endDate))) return id;
    }
    return null;
  }

  async function nextFreeDate(trx: Kysely<DB>, itemId: number, size: string, fromDate: string, days: number = RENTAL_DAYS): Promise<string | null> {
    const units = (await repo.units(itemId, trx)).filter((u) => u.size === size);
    if (units.length === 0) return null;
    const bookings = await repo.bookingsFrom(trx, itemId, size, fromDate);
    let best: string | null = null;
    for (const unit of units) {
      let candidate = fromDate;
      for (const b of bookings) {
        if (b.unit_id !== unit.id) continue;
        if (b.start_date >= addDays(candidate, days)) break; // the gap before this booking fits
        if (b.end_date > candidate) candidate = b.end_date;
      }
      if (best === null || candidate < best) best = candidate;
    }
    return best !== null && best <= addDays(fromDate, HORIZON_DAYS) ? best : null;
  }

  return {
    /** One item by id, or 404 'Item not found' (also for removed items). */
    async getItem(id: number): Promise<CatalogueItem> {
      const row = await repo.findById(id);
      if (!row || row.status !== 'active') throw notFound('Item not found');
      return toCatalogueItem(row);
    },

    /** One item of the static pages by its slug. */
    async getItemBySlug(slug: string): Promise<CatalogueItem> {
      const row = await repo.findBySlug(slug);
      if (!row) throw notFound('Item not found');
      return toCatalogueItem(row);
    },

    /** Several items by id (for favourites, rentals...), in the order asked; unknown ids are left out. */
    async getItems(ids: number[]): Promise<CatalogueItem[]> {
      const out: CatalogueItem[] = [];
      for (const id of ids) {
        const row = await repo.findById(id);
        if (row && row.status === 'active') out.push(toCatalogueItem(row));
      }
      return out;
    },

    /** A page of active items with filters, sort and a keyset cursor. */
    async listItems(query: ItemListQuery): Promise<ItemPage> {
      const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
      const rows = await repo.list(query, after);
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const last = page[page.length - 1];
      const column = SORT_COLUMNS[query.sort].column;
      return {
        items: page.map(toSummary),
        nextCursor: more && last ? encodeCursor(query.sort, { value: last[column] as number | string, id: last.id }) : null,
      };
    },

    /** Counts for the filter lists of a tab; cached for a short while. */
    async facets(scope: Pick<ItemListQuery, 'gender' | 'discovery' | 'theme' | 'q'>): Promise<ItemFacets> {
      const key = JSON.stringify([scope.gender, scope.discovery, scope.theme, scope.q]);
      const hit = facetCache.get(key);
      const now = Date.now();
      if (hit && now - hit.at < FACETS_TTL_MS) return hit.value;
      const value = await repo.facets(scope);
      if (facetCache.size > 500) facetCache.clear();
      facetCache.set(key, { at: now, value });
      return value;
    },

    brands(): Promise<string[]> {
      return repo.brands();
    },

    /** Per-size availability of an item for [from, to), with the next free date of each size. */
    async availability(id: number, from: string, to: string): Promise<ItemAvailability> {
      const item = await this.getItem(id);
      const units = await repo.units(id);
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
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
     * A unit of the item's size that is free for [startDate, endDate), or null. Call it inside
     * the transaction that inserts the booking; on PostgreSQL it takes the unit's row lock.
     */
    findFreeUnit,

    /** The first date from `fromDate` on when some unit of the size is free for `days` days (null: none within a year). */
    nextFreeDate,

    /** The generated picture of an item, or null for an unknown id. */
    async image(id: number): Promise<{ svg: string; etag: string } | null> {
      const row = await repo.findById(id);
      if (!row) return null;
      return renderItemSvg(row);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
