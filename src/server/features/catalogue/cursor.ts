/**
 * The keyset cursor of a page of items: opaque to clients (base64url of [sort, last key, last id]),
 * and checked like any input when it comes back.
 */
import type { ItemSort } from '../../../domain/catalogue';
import { DomainError } from '../../../domain/errors';
import { MAX_ID } from '../../../domain/ids';
import type { Keyset } from './catalogue.repository';

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
  recommended: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e9, // minus the blend (ranking.ts)
  newest: (v) => typeof v === 'string' && v.length <= 40 && /^[0-9TZ:.+-]+$/.test(v), // created_at, ISO text
};

export function decodeCursor(cursor: string, sort: ItemSort): Keyset {
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
