import { TypedFastBitSet } from 'typedfastbitset';
import { DISCOVERY_CATEGORIES, OCCASIONS, SIZES, THEMES } from '../../../domain/catalogue';
import { fit } from './bitsets';
import { ItemColumns } from './item-columns';
import { cardOf, type Card, type CardColumns } from './index-card';
import { createTextIndex, type TextIndex } from './text-index';
import { eachUnit } from './unit-codes';

/**
 * The catalogue as the in-process index holds it (decision 0057): one entry per active item,
 * keyed by the item's id (ids are the bit positions of every set). Filters and facet values are
 * bitsets (typedfastbitset), the sorts are arrays of ids kept in each sort's order, the words go
 * to the text index (MiniSearch). The database stays the source of truth: the follower
 * (index-follower.ts) loads it and applies the change log; a list's rows are its entries' cards
 * (index-summaries.ts, decision 0083).
 */

/** The facts of an item the index reads (a row of `items`). */
export interface IndexedItem extends CardColumns {
  id: number;
  status: string;
  name: string;
  brand: string;
  category: string;
  colour: string;
  gender: string;
  description: string;
  tags: string | null;
  rental_price_cents: number;
  rating: number | string;
  rental_count: number;
  created_at: string;
  /** Its units, coded (unit-codes.ts; null: none). */
  units: string | null;
}

/**
 * What members did with items lately (decision 0071), read with the items: favorites per item,
 * and the counted rentals (not cancelled, paid or within a plan) made since the index's window
 * began (RECENT_DAYS before the day it was read). A like or an unlike is in the change log (its
 * own trigger); a rental counted or cancelled changes the item's `rental_count`, which is.
 */
export interface IndexedActivity {
  likes: readonly { item_id: number; n: number | string | bigint }[];
  rentals: readonly { item_id: number; created_at: string }[];
}

/** The tags the filters read: the occasions and the themes' tags. */
export const TAGS = [...new Set<string>([...OCCASIONS, ...Object.values(THEMES).flatMap((t) => t.tags)])];
export const SIZE_COUNT = SIZES.length;
/** An occasion's bit in an entry's `occasions` (OCCASIONS order). */
export const OCCASION_BIT = new Map<string, number>(OCCASIONS.map((o, i) => [o, 1 << i]));
const DAY_MS = 86_400_000;
/** The rentals of most pieces: one shared empty list (never written). */
const NO_DAYS: number[] = [];
/** The units of a piece with none. */
const NO_UNITS: readonly number[] = [];
/** A date or timestamp as whole days since 1970 (UTC). */
export const dayNumber = (iso: string) => Math.floor(Date.parse(iso.slice(0, 10)) / DAY_MS);
const DISCOVERY = new Set<string>(DISCOVERY_CATEGORIES);

/** An apply of more pieces than this sorts the orders again instead of moving each piece. */
const RESORT_AFTER = 32;
/** How many changed ids the index remembers (changedSince): past them, what was worked out is worked out again. */
const LOGGED_IDS = 1024;

/** The sort keys the index keeps an order for (relevance is ordered per search). */
export const ORDERS = {
  popular: { key: (e: Entry) => e.rentalCount, dir: -1 },
  newest: { key: (e: Entry) => e.createdAt, dir: -1 },
  'price-asc': { key: (e: Entry) => e.price, dir: 1 },
  'price-desc': { key: (e: Entry) => e.price, dir: -1 },
  rating: { key: (e: Entry) => e.rating, dir: -1 },
} as const;
export type OrderName = keyof typeof ORDERS;

/** One indexed item. */
export interface Entry {
  id: number;
  gender: string;
  category: string;
  brand: string;
  colour: string;
  price: number;
  rating: number;
  rentalCount: number;
  createdAt: string;
  /** The day it was listed (dayNumber of createdAt; NaN when unreadable). */
  createdDay: number;
  /** Its occasions as bits (OCCASION_BIT). */
  occasions: number;
  /** Members who have it in their favorites. */
  likes: number;
  /** The days (dayNumber) its counted rentals were made, within the index's recent window. */
  rentedOn: number[];
  /** Units per size (SIZES order): one array shared by every entry with the same counts, never written. */
  units: ArrayLike<number>;
  /** Its units' ids (one shared empty list for none). */
  unitIds: readonly number[];
  /** What its card in a list shows besides the fields above (index-card.ts). */
  card: Card;
}

/** A set of values and the items holding each (a facet list's values). */
export class ValueSets {
  readonly sets = new Map<string, TypedFastBitSet>();
  get(value: string): TypedFastBitSet | undefined {
    return this.sets.get(value);
  }
  add(value: string, id: number): void {
    let s = this.sets.get(value);
    if (!s) this.sets.set(value, (s = new TypedFastBitSet()));
    s.add(id);
  }
  remove(value: string, id: number): void {
    this.sets.get(value)?.remove(id);
  }
  /** Fits every set to its items (`fit`). */
  fit(): void {
    for (const s of this.sets.values()) fit(s);
  }
}

/** Compares two entries in an order: its key, then id, in the order's direction. */
export function compareIn(order: OrderName, a: Entry, b: Entry): number {
  const { key, dir } = ORDERS[order];
  const ka = key(a);
  const kb = key(b);
  if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
  return (a.id - b.id) * dir;
}

export function createCatalogueIndex() {
  const entries = new Map<number, Entry>();
  const active = new TypedFastBitSet();
  const genders = new ValueSets();
  const categories = new ValueSets();
  const brands = new ValueSets();
  const colours = new ValueSets();
  const tags = new ValueSets();
  const sizes = new ValueSets();
  const discovery = new TypedFastBitSet();
  /** Per item id, what the facet tallies read (item-columns.ts), written with each entry. */
  const columns = new ItemColumns();
  /** Each unit's item and size by unit id (0: none), for the booked units of a date range: typed arrays, grown by doubling. */
  let unitItem = new Int32Array(1024);
  let unitSize = new Uint8Array(1024);
  const units = {
    get(unitId: number): { item: number; size: number } | undefined {
      const item = unitItem[unitId];
      return item ? { item, size: unitSize[unitId]! } : undefined;
    },
    set(unitId: number, item: number, size: number): void {
      if (unitId >= unitItem.length) {
        const grown = new Int32Array(Math.max(unitId + 1, unitItem.length * 2));
        grown.set(unitItem);
        unitItem = grown;
        const sizes = new Uint8Array(grown.length);
        sizes.set(unitSize);
        unitSize = sizes;
      }
      unitItem[unitId] = item;
      unitSize[unitId] = size;
    },
    delete(unitId: number): void {
      if (unitId < unitItem.length) unitItem[unitId] = 0;
    },
  };
  /**
   * Ids in each sort's order, sorted when first asked for. A few changed entries move in the
   * orders already sorted (a binary search each); a larger apply drops them to be sorted again.
   * Each move makes a new array: a page being walked through an older one is not disturbed.
   */
  const orders = new Map<OrderName, readonly number[]>();
  /** Where an entry is, or would go, in an order: the first position not before it. */
  function positionIn(name: OrderName, ids: readonly number[], e: Entry): number {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIn(name, entries.get(ids[mid]!)!, e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** Bumped by each apply: what was worked out from the entries (ranking.ts) is current while it stands. */
  let generation = 0;
  /**
   * The ids each recent apply changed, so what was worked out from the entries can be brought up to
   * date instead of worked out again (recommended-order.ts): every change after generation
   * `loggedFrom` is here, at most LOGGED_IDS ids in all.
   */
  const changeLog: { generation: number; ids: readonly number[] }[] = [];
  let loggedIds = 0;
  let loggedFrom = 0;
  const text: TextIndex = createTextIndex();
  /**
   * One string per distinct value of the fields every entry holds (gender, category, brand,
   * colour) and one array per distinct count of units per size: a row's own copies would be
   * kept per entry (issue 27).
   */
  const strings = new Map<string, string>();
  const intern = (s: string): string => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  const unitCounts = new Map<string, Uint16Array>();
  const counted = new Uint16Array(SIZE_COUNT);

  function removeEntry(id: number): void {
    const e = entries.get(id);
    if (!e) return;
    for (const [name, ids] of orders) {
      const at = positionIn(name, ids, e);
      if (ids[at] === id) orders.set(name, ids.toSpliced(at, 1));
    }
    entries.delete(id);
    for (const u of e.unitIds) units.delete(u);
    active.remove(id);
    columns.remove(id);
    discovery.remove(id);
    genders.remove(e.gender, id);
    categories.remove(e.category, id);
    brands.remove(e.brand, id);
    colours.remove(e.colour, id);
    for (const s of tags.sets.values()) s.remove(id);
    for (const s of sizes.sets.values()) s.remove(id);
    text.remove(id);
  }

  function addEntry(row: IndexedItem, likes: number, rentedOn: number[]): void {
    counted.fill(0);
    const unitIds: number[] = [];
    eachUnit(row.units, (unit, k) => {
      counted[k]! += 1;
      unitIds.push(unit);
      units.set(unit, row.id, k);
    });
    for (let k = 0; k < SIZE_COUNT; k++) if (counted[k]! > 0) sizes.add(SIZES[k]!, row.id);
    const key = counted.join();
    let shared = unitCounts.get(key);
    if (!shared) unitCounts.set(key, (shared = counted.slice()));
    const e: Entry = {
      id: row.id,
      gender: intern(row.gender),
      category: intern(row.category),
      brand: intern(row.brand),
      colour: intern(row.colour),
      price: row.rental_price_cents,
      rating: Number(row.rating),
      rentalCount: row.rental_count,
      createdAt: row.created_at,
      createdDay: dayNumber(row.created_at),
      occasions: 0,
      likes,
      rentedOn,
      units: shared,
      // An exact copy: a list grown by pushes keeps room for more.
      unitIds: unitIds.length > 0 ? unitIds.slice() : NO_UNITS,
      card: cardOf(row, intern),
    };
    entries.set(row.id, e);
    active.add(row.id);
    if (DISCOVERY.has(row.category)) discovery.add(row.id);
    genders.add(row.gender, row.id);
    categories.add(row.category, row.id);
    brands.add(row.brand, row.id);
    colours.add(row.colour, row.id);
    for (const t of row.tags ? row.tags.split(',') : []) {
      if (TAGS.includes(t)) tags.add(t, row.id);
      e.occasions |= OCCASION_BIT.get(t) ?? 0;
    }
    let sizeBits = 0;
    for (let k = 0; k < SIZE_COUNT; k++) if (counted[k]! > 0) sizeBits |= 1 << k;
    columns.set(e, sizeBits);
    text.add(row);
    for (const [name, ids] of orders) orders.set(name, ids.toSpliced(positionIn(name, ids, e), 0, e.id));
  }

  return {
    entries,
    active,
    genders,
    categories,
    brands,
    colours,
    tags,
    sizes,
    discovery,
    units,
    text,
    columns,

    /** The current state of some items: active ones (with their units and activity) replace their entries, others leave. */
    apply(
      ids: readonly number[],
      rows: readonly IndexedItem[],
      activity: IndexedActivity = { likes: [], rentals: [] },
    ): void {
      const likes = new Map(activity.likes.map((l) => [l.item_id, Number(l.n)]));
      const rented = new Map<number, number[]>();
      for (const r of activity.rentals) {
        let days = rented.get(r.item_id);
        if (!days) rented.set(r.item_id, (days = []));
        days.push(dayNumber(r.created_at));
      }
      generation++;
      changeLog.push({ generation, ids: ids.slice() });
      loggedIds += ids.length;
      while (loggedIds > LOGGED_IDS) {
        const oldest = changeLog.shift()!;
        loggedIds -= oldest.ids.length;
        loggedFrom = oldest.generation;
      }
      // Moving a piece in a sorted order costs a copy of it: past a few, sorting again is cheaper.
      if (ids.length > RESORT_AFTER) orders.clear();
      for (const id of ids) removeEntry(id);
      // An id's last row stands, and replaces what the index held for it (asked for or not).
      for (const row of new Map(rows.map((r) => [r.id, r])).values()) {
        removeEntry(row.id);
        if (row.status === 'active') addEntry(row, likes.get(row.id) ?? 0, rented.get(row.id) ?? NO_DAYS);
      }
      // A set an item was added to past its words has doubled them: fitted again (a read for the others).
      fit(active);
      fit(discovery);
      for (const values of [genders, categories, brands, colours, tags, sizes]) values.fit();
      text.fit();
    },

    /**
     * Gives back the room the words grew into while many items were added (after a load: each
     * apply would copy every item's words again, 10 times over a load in parts).
     */
    trim(): void {
      text.trim();
    },

    /** A number that changes with every apply (the entries may have changed). */
    generation(): number {
      return generation;
    },

    /** The ids whose entries changed (or left) after generation `since`; null when no longer known. */
    changedSince(since: number): number[] | null {
      if (since < loggedFrom) return null;
      const ids: number[] = [];
      for (const c of changeLog) if (c.generation > since) ids.push(...c.ids);
      return ids;
    },

    /** The ids of the active items in a sort's order (sorted again after a change). */
    order(name: OrderName): readonly number[] {
      let ids = orders.get(name);
      if (!ids) {
        const list = [...entries.values()].sort((a, b) => compareIn(name, a, b));
        ids = list.map((e) => e.id);
        orders.set(name, ids);
      }
      return ids;
    },
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
