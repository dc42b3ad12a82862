/**
 * What an index entry holds for its card in a list and nothing filters or sorts by (decision
 * 0083): read with the other indexed columns, shown by index-summaries.ts.
 */

/** The columns of an item's row the card is made from. */
export interface CardColumns {
  name: string;
  retail_price_cents: number;
  review_count: number;
  is_new: number;
  owner_id: string | null;
  look: string | null;
  /** The file of its cover photo (position 0); null: none, a generated picture. */
  cover_file: string | null;
}

/** An entry's card fields that nothing filters or sorts by. */
export interface Card {
  name: string;
  retailPriceCents: number;
  reviewCount: number;
  isNew: number;
  ownerId: string | null;
  look: string | null;
  coverFile: string | null;
}

/** The card of an item's row; `intern` keeps one string per distinct owner and look (looks come from a few descriptors). */
export function cardOf(row: CardColumns, intern: (s: string) => string): Card {
  return {
    name: row.name,
    retailPriceCents: row.retail_price_cents,
    reviewCount: row.review_count,
    isNew: Number(row.is_new),
    ownerId: row.owner_id === null ? null : intern(row.owner_id),
    look: row.look === null ? null : intern(row.look),
    coverFile: row.cover_file,
  };
}
