import type { IndexedItem } from './catalogue-index';
import type { CardColumns } from './index-card';
import { unitCodes, type IndexedUnit } from './unit-codes';

/** The card columns of an indexed row that a unit test of filters, facets or ranking does not read, and no units. */
export const PLAIN_CARD: Omit<CardColumns, 'name'> & Pick<IndexedItem, 'units'> = {
  retail_price_cents: 0,
  review_count: 0,
  is_new: 0,
  owner_id: null,
  look: null,
  cover_file: null,
  units: null,
};

/** The rows with the units of each coded as the database codes them (unit-codes.ts). */
export function withUnits(rows: readonly IndexedItem[], units: readonly IndexedUnit[]): IndexedItem[] {
  return rows.map((r) => ({ ...r, units: unitCodes(units.filter((u) => u.item_id === r.id)) }));
}

/** A piece of one house, category, colour and tab, for a test of the orders: what it sets differs. */
export const orderedPiece = (
  p: Pick<IndexedItem, 'id' | 'status' | 'rental_price_cents' | 'rating' | 'rental_count' | 'created_at'>,
): IndexedItem => ({
  name: `Piece ${p.id}`,
  brand: 'House',
  category: 'Dresses',
  colour: 'black',
  gender: 'Women',
  description: '',
  tags: null,
  ...PLAIN_CARD,
  ...p,
});
