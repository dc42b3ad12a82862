import { Star, StarHalf } from 'lucide-react';
import { CATALOGUE_RATINGS_NOTE, countsCatalogueRatings } from '@domain/catalogue-ratings';
import { cn } from '../../lib/cn';

/** A rating rounded to the nearest half star (4.9 -> 5, 4.3 -> 4.5, 4.2 -> 4). */
export function roundToHalf(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/**
 * Five stars filled to the rating rounded to the nearest half, with the rating for screen
 * readers. A piece nobody has reviewed yet has no rating to show: pass `reviewCount` 0 and it
 * reads 'New' instead of five empty stars.
 */
export function Stars({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount?: number;
  className?: string;
}) {
  if (reviewCount === 0) {
    return <span className={cn('text-xs font-medium tracking-[0.14em] text-clay uppercase', className)}>New</span>;
  }
  const shown = roundToHalf(rating);
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        if (i + 1 <= shown)
          return <Star key={i} data-star="full" aria-hidden="true" className="size-4 fill-gold text-gold" />;
        if (i + 0.5 === shown)
          return (
            <span key={i} data-star="half" className="relative inline-flex" aria-hidden="true">
              <Star className="size-4 text-linen" />
              <StarHalf className="absolute inset-0 size-4 fill-gold text-gold" />
            </span>
          );
        return <Star key={i} data-star="empty" aria-hidden="true" className="size-4 text-linen" />;
      })}
    </span>
  );
}

/**
 * The rating as a line of text: stars, the figure and '(N reviews)', or 'New' for a piece with
 * no reviews yet (instead of '0.0 (0 reviews)'). Put CatalogueRatingsNote beside it where the
 * count may be more than the times rented.
 */
export function RatingSummary({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  if (reviewCount === 0) {
    return (
      <span className={cn('inline-flex items-center gap-2', className)}>
        <Stars rating={rating} reviewCount={0} />
        <span>No reviews yet</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <Stars rating={rating} />
      <span>{rating.toFixed(1)}</span>
      <span>
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

/**
 * Where a count of ratings is shown next to the times rented: when it is the larger, it says the
 * count takes in the house catalogue's first ratings (countsCatalogueRatings), so '124 reviews'
 * beside 'Rented 12 times' is never left unexplained.
 */
export function CatalogueRatingsNote({
  item,
  className,
}: {
  item: { reviewCount: number; rentalCount: number };
  className?: string;
}) {
  if (!countsCatalogueRatings(item)) return null;
  return <p className={cn('text-xs text-stone', className)}>{CATALOGUE_RATINGS_NOTE}</p>;
}
