import type { TypedFastBitSet } from 'typedfastbitset';
import type { CatalogueIndex, Entry } from './catalogue-index';
import type { Keyset } from './catalogue.repository';
import { dateSets } from './index-query';
import { Heap } from './top-k';
import {
  catalogueMaxima,
  cataloguePart,
  rentedSince,
  requestBound,
  requestPart,
  type CatalogueMaxima,
  type PreparedRanking,
} from './ranking';

/**
 * The Recommended order without blending every piece (decision 0073). A blend is the request's
 * part (fit, available, close: at most `requestBound`) plus the catalogue's part (rentals,
 * favorites, rating, newness: the same for every request on a day). The catalogue's parts are
 * sorted once per index state and day; a request walks them from the top, blends the pieces of
 * its set a batch at a time (asking the bookings only for that batch's units), and hands out a
 * blended piece as soon as no piece still unwalked can beat it: its blend is above the next
 * catalogue part plus the bound. The order is exactly the full sort's (blend descending, then id),
 * and a first page at 100k pieces blends a few dozen of them, not tens of thousands.
 */

/** The catalogue's parts in descending order (ties: lower id first), for one index state and day. */
interface CatalogueOrder {
  generation: number;
  today: string;
  maxima: CatalogueMaxima;
  ids: Int32Array;
  parts: Float64Array;
  /** The pieces at a maximum above 0 (most rented, most liked): a change to one of them may lower it. */
  atMax: Set<number>;
}

const orders = new WeakMap<CatalogueIndex, CatalogueOrder>();

/** Ids and their parts, descending by part, ties lower id first. */
const inOrder = (ids: Int32Array, parts: Float64Array) => (a: number, b: number) =>
  parts[b]! - parts[a]! || ids[a]! - ids[b]!;

/** `ids` and `parts` (their positions) in the catalogue's order. */
function sorted(ids: Int32Array, parts: Float64Array): { ids: Int32Array; parts: Float64Array } {
  const n = ids.length;
  const at = new Int32Array(n);
  for (let k = 0; k < n; k++) at[k] = k;
  at.sort(inOrder(ids, parts));
  const outIds = new Int32Array(n);
  const outParts = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    outIds[k] = ids[at[k]!]!;
    outParts[k] = parts[at[k]!]!;
  }
  return { ids: outIds, parts: outParts };
}

/** Whether an entry has likes or recent rentals, as many as the most (or more). */
const reaches = (e: Entry, m: CatalogueMaxima) =>
  (e.likes > 0 && e.likes >= m.maxLikes) ||
  (e.rentedOn.length > 0 && rentedSince(e, m.recentFrom) >= Math.max(1, m.maxRented));

/** Every entry's part on the maxima, sorted, and the entries at a maximum. */
function wholeOrder(ix: CatalogueIndex, maxima: CatalogueMaxima) {
  const ids = new Int32Array(ix.entries.size);
  const parts = new Float64Array(ids.length);
  const atMax = new Set<number>();
  let i = 0;
  for (const e of ix.entries.values()) {
    ids[i] = e.id;
    parts[i++] = cataloguePart(e, maxima);
    if (reaches(e, maxima)) atMax.add(e.id);
  }
  return { ...sorted(ids, parts), atMax };
}

/**
 * `known` with the changed ids taken out and their entries' parts (those still in the index) merged
 * in: the same arrays the whole sort gives, while the maxima (and so every other part) stand.
 */
function mergedOrder(ix: CatalogueIndex, known: CatalogueOrder, changed: readonly number[]) {
  const gone = new Set(changed);
  const fresh = [...gone].filter((id) => ix.entries.has(id));
  const add = sorted(
    Int32Array.from(fresh),
    Float64Array.from(fresh, (id) => cataloguePart(ix.entries.get(id)!, known.maxima)),
  );
  const n = known.ids.length;
  const ids = new Int32Array(n + fresh.length);
  const parts = new Float64Array(ids.length);
  let out = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    const id = known.ids[k]!;
    if (gone.has(id)) continue;
    const part = known.parts[k]!;
    // The added pieces that come before this one.
    while (j < add.ids.length && (add.parts[j]! > part || (add.parts[j] === part && add.ids[j]! < id))) {
      ids[out] = add.ids[j]!;
      parts[out++] = add.parts[j++]!;
    }
    ids[out] = id;
    parts[out++] = part;
  }
  for (; j < add.ids.length; j++) {
    ids[out] = add.ids[j]!;
    parts[out++] = add.parts[j]!;
  }
  return { ids: ids.subarray(0, out), parts: parts.subarray(0, out) };
}

const sameMaxima = (a: CatalogueMaxima, b: CatalogueMaxima) =>
  a.today === b.today && a.recentFrom === b.recentFrom && a.maxLikes === b.maxLikes && a.maxRented === b.maxRented;

/**
 * The maxima after `changed` (the same day): the known ones, without reading every piece, when
 * none of the changed pieces held a maximum (so none can have lowered it) and none now reaches one
 * (so none has raised it); else read again.
 */
function maximaAfter(ix: CatalogueIndex, known: CatalogueOrder, changed: readonly number[], today: string) {
  for (const id of changed) {
    const e = ix.entries.get(id);
    if (known.atMax.has(id) || (e && reaches(e, known.maxima))) return catalogueMaxima(ix, today);
  }
  return known.maxima;
}

/**
 * The catalogue's maxima and its parts in order, for the index as it stands and the day. After a
 * few changed pieces (a like, a rental, an edit) that leave the maxima as they were, the known
 * order is brought up to date (the changed pieces taken out and merged in again: a pass over the
 * order) instead of every piece's part worked out and sorted again (180 ms at 100k pieces).
 */
export function catalogueOrder(ix: CatalogueIndex, today: string): CatalogueOrder {
  const known = orders.get(ix);
  if (known && known.generation === ix.generation() && known.today === today) return known;
  const changed = known && known.today === today ? ix.changedSince(known.generation) : null;
  const maxima = known && changed ? maximaAfter(ix, known, changed, today) : catalogueMaxima(ix, today);
  let order: CatalogueOrder;
  if (known && changed && sameMaxima(known.maxima, maxima)) {
    const { ids, parts } = mergedOrder(ix, known, changed);
    // The known order's set, handed on (the walks still reading the known order do not read it).
    const atMax = known.atMax;
    for (const id of changed) {
      const e = ix.entries.get(id);
      if (e && reaches(e, maxima)) atMax.add(id);
      else atMax.delete(id);
    }
    order = { generation: ix.generation(), today, maxima: known.maxima, ids, parts, atMax };
  } else {
    order = { generation: ix.generation(), today, maxima, ...wholeOrder(ix, maxima) };
  }
  orders.set(ix, order);
  return order;
}

/** A blended piece waiting to be handed out: the list's score is minus the blend (ascending, as relevance). */
interface Blended {
  id: number;
  score: number;
}

const before = (a: Blended, b: Blended) => a.score < b.score || (a.score === b.score && a.id < b.id);

/** The first batch: a page and a little; each next one twice the last, up to this. */
const MAX_BATCH = 2048;

/**
 * A set's pieces in Recommended order after a keyset, lazily. `ranking` is her ranking without
 * `held` (the catalogue's maxima come from `catalogueOrder`); `bookedOf` gives the units of some
 * pieces held on her dates (or in the coming week).
 */
export async function* recommendedOrder(
  ix: CatalogueIndex,
  set: TypedFastBitSet,
  ranking: Omit<PreparedRanking, keyof CatalogueMaxima | 'held'>,
  today: string,
  after: Keyset | null,
  bookedOf: (itemIds: number[]) => Promise<readonly number[]>,
  firstBatch = 32,
): AsyncGenerator<Blended> {
  const order = catalogueOrder(ix, today);
  const bound = requestBound({ ...order.maxima, ...ranking, held: null });
  const cut = after ? (after.value as number) : -Infinity;
  const waiting = new Heap<Blended>(before);
  const { ids, parts } = order;
  let i = 0;
  let batch = firstBatch;
  for (;;) {
    // Positions in the catalogue's order, so each piece's catalogue part is read, not worked out again.
    const chunk: number[] = [];
    while (i < ids.length && chunk.length < batch) {
      if (set.has(ids[i]!)) chunk.push(i);
      i++;
    }
    batch = Math.min(MAX_BATCH, batch * 2);
    if (chunk.length > 0) {
      const booked = await bookedOf(chunk.map((k) => ids[k]!));
      const prepared: PreparedRanking = { ...order.maxima, ...ranking, held: dateSets(ix, booked) };
      for (const k of chunk) {
        const id = ids[k]!;
        const score = -(requestPart(ix.entries.get(id)!, prepared) + parts[k]!);
        if (score < cut || (after && score === cut && id <= after.id)) continue;
        waiting.push({ id, score });
      }
    }
    // No piece still unwalked blends above the next catalogue part plus the bound.
    const best = i < ids.length ? -(bound + parts[i]!) : Infinity;
    while (waiting.size > 0 && waiting.peek()!.score < best) yield waiting.pop()!;
    if (i >= ids.length && waiting.size === 0) return;
  }
}
