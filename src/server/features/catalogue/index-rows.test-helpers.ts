import type { IndexedItem } from './catalogue-index';
import type { CardColumns } from './index-card';

/** The card columns of an indexed row that a unit test of filters, facets or ranking does not read. */
export const PLAIN_CARD: Omit<CardColumns, 'name'> = {
  retail_price_cents: 0,
  review_count: 0,
  is_new: 0,
  owner_id: null,
  look: null,
  cover_file: null,
};

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
