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
