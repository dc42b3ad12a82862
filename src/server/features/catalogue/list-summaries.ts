/**
 * A list card's summary, made once per version of a piece (decision 0087). An index entry and its
 * card are replaced whenever anything the card shows changes (index-summaries.ts), so the card
 * object names one version of the piece: its summary is made the first time a list shows that
 * version, frozen, and handed out again while it is kept. The lender's rating changes apart from
 * the piece, so it is compared on every use and a different one makes the summary again. Frozen
 * summaries let the JSON layer keep each one's text (json-text.ts), so a page is not serialized
 * field by field on every request. The 20,000 most recently shown are kept, not every piece ever
 * shown: the memory stays bounded whatever crawls the catalogue.
 */
import { LRUCache } from 'lru-cache';
import type { CatalogueItemSummary } from '../../../domain/catalogue';
import type { LenderRating } from '../../../domain/ratings';
import type { ItemSummaryRow } from './catalogue.repository';
import { toSummary } from './catalogue-items';
import type { ItemPicturesService } from './item-pictures';

/** How many pieces' summaries are kept (about 1 KB each with their text: at most ~20 MB). */
const KEPT_SUMMARIES = 20_000;

interface Kept {
  /** The lender's rating it was made with: undefined for a house piece, null before any rating. */
  rating: LenderRating | null | undefined;
  summary: Readonly<CatalogueItemSummary>;
}

const sameRating = (a: LenderRating | null | undefined, b: LenderRating | null | undefined) =>
  a === b || (!!a && !!b && a.average === b.average && a.count === b.count);

/** List rows (drawn from the index) as frozen summaries, kept per version of each piece. */
export function createListSummaries(pictures: Pick<ItemPicturesService, 'coversOfSummaries'>, max = KEPT_SUMMARIES) {
  const kept = new LRUCache<object, Kept>({ max });
  return {
    /**
     * The summaries of a page's rows; `ratingOf` gives a member piece's lender rating (null before
     * any), undefined for a house piece.
     */
    of(
      rows: readonly ItemSummaryRow[],
      ratingOf: (row: ItemSummaryRow) => LenderRating | null | undefined,
    ): Readonly<CatalogueItemSummary>[] {
      return rows.map((row) => {
        const rating = ratingOf(row);
        const hit = kept.get(row.drawnFrom);
        if (hit && sameRating(hit.rating, rating)) return hit.summary;
        const summary = toSummary(row, pictures.coversOfSummaries([row]).get(row.id)!);
        if (rating !== undefined) summary.lenderRating = rating && Object.freeze({ ...rating });
        const frozen = Object.freeze(summary);
        kept.set(row.drawnFrom, { rating, summary: frozen });
        return frozen;
      });
    },
  };
}
