// A small module of its own: every item card loads it, and reviews.rules (size guides) is large.
/**
 * Whether a piece's rating count takes in star ratings that came with the house catalogue: a
 * member reviews a rental once, and every rental counts in the times rented, so a count above
 * the times rented can only come from the catalogue's first figures (the SPEC's ten hoodies keep
 * theirs: 124 ratings, rented 12 times). Wherever such a count is shown, the page says so; where
 * there is no room to (a card), the count is not shown.
 */
export function countsCatalogueRatings(item: { reviewCount: number; rentalCount: number }): boolean {
  return item.reviewCount > item.rentalCount;
}

export const CATALOGUE_RATINGS_NOTE =
  'These star ratings include ones that came with our house catalogue, before members could rent the piece here.';
