import type { TypedFastBitSet } from 'typedfastbitset';
import type { CatalogueIndex } from './catalogue-index';
import type { Keyset } from './catalogue.repository';
import { dateSets } from './index-query';
import { Heap } from './top-k';
import {
  catalogueMaxima,
  cataloguePart,
  requestBound,
  requestPart,
  type CatalogueMaxima,
  type PreparedRanking,
} from './ranking';

/**
 * The Recommended order without blending every piece (decision 0073). A blend is the request's
 * part (fit, available, close: at most `requestBound`) plus the catalogue's part (rentals,
 * favourites, rating, newness: the same for every request on a day). The catalogue's parts are
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
}

const orders = new WeakMap<CatalogueIndex, CatalogueOrder>();

/** The catalogue's maxima and its parts in order (worked out again after a change of the index or of the day). */
export function catalogueOrder(ix: CatalogueIndex, today: string): CatalogueOrder {
  const known = orders.get(ix);
  if (known && known.generation === ix.generation() && known.today === today) return known;
  const maxima = catalogueMaxima(ix, today);
  const n = ix.entries.size;
  const entryIds = new Int32Array(n);
  const entryParts = new Float64Array(n);
  let i = 0;
  for (const e of ix.entries.values()) {
    entryIds[i] = e.id;
    entryParts[i++] = cataloguePart(e, maxima);
  }
  const at = new Int32Array(n);
  for (let k = 0; k < n; k++) at[k] = k;
  at.sort((a, b) => entryParts[b]! - entryParts[a]! || entryIds[a]! - entryIds[b]!);
  const ids = new Int32Array(n);
  const parts = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    ids[k] = entryIds[at[k]!]!;
    parts[k] = entryParts[at[k]!]!;
  }
  const order = { generation: ix.generation(), today, maxima, ids, parts };
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
