/**
 * A list's rows from the search index (decision 0083): the index picks and orders a page's pieces,
 * and each entry holds what its card shows, so a page is built without reading `items` again.
 * The entries are as current as the list's choice of pieces: the follower catches the index up
 * with every committed change before a request reads it, and every column a card shows logs its
 * item when it changes (migration 2026-12-02T0100), as does a photo (the cover).
 */
import type { CatalogueIndex } from './catalogue-index';
import type { ItemSummaryRow } from './catalogue.repository';

/**
 * The list rows of some of the index's pieces with their scores (relevance), in the order asked;
 * pieces it no longer holds (removed while the page was being picked) are left out.
 */
export function indexSummaries(
  ix: CatalogueIndex,
  picked: readonly { id: number; score?: number }[],
): ItemSummaryRow[] {
  const rows: ItemSummaryRow[] = [];
  for (const { id, score } of picked) {
    const e = ix.entries.get(id);
    if (!e) continue;
    const c = e.card;
    rows.push({
      id: e.id,
      name: c.name,
      brand: e.brand,
      category: e.category,
      gender: e.gender,
      colour: e.colour,
      retail_price_cents: c.retailPriceCents,
      rental_price_cents: e.price,
      rating: e.rating,
      review_count: c.reviewCount,
      rental_count: e.rentalCount,
      is_new: c.isNew,
      created_at: e.createdAt,
      owner_id: c.ownerId,
      look: c.look,
      cover_file: c.coverFile,
      drawnFrom: c,
      score,
    });
  }
  return rows;
}
