import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CatalogueItemSummary } from '@domain/catalogue';
import { countsCatalogueRatings } from '@domain/catalogue-ratings';
import { cn } from '../../lib/cn';
import { formatCents } from '../../lib/format';
import { Badge } from '../ui/badge';
import { Stars } from '../ui/stars';
import { ItemImage } from './item-image';

export type ItemCardItem = Pick<
  CatalogueItemSummary,
  | 'id'
  | 'name'
  | 'brand'
  | 'rentalPriceCents'
  | 'rating'
  | 'reviewCount'
  | 'rentalCount'
  | 'isNew'
  | 'imageUrl'
  | 'imageAlt'
> & { lenderRating?: CatalogueItemSummary['lenderRating'] };

/**
 * One item in a grid: picture, brand, name, rating and weekly price, linking to `href`.
 * `action` is an optional corner control (a favorite heart, a remove button) kept outside the link.
 */
export function ItemCard({
  item,
  href,
  action,
  className,
  priority = false,
}: {
  item: ItemCardItem;
  href: string;
  action?: ReactNode;
  className?: string;
  /** The first row above the fold loads its pictures at once instead of lazily. */
  priority?: boolean;
}) {
  return (
    <article className={cn('group relative', className)}>
      {/* The link's name is its content (picture, brand, name, rating, price), so what is read matches what is seen. */}
      <Link to={href} className="block focus-visible:outline-offset-4">
        <ItemImage src={item.imageUrl} alt={item.imageAlt} priority={priority} />
        <div className="mt-3 space-y-1">
          <p className="eyebrow truncate text-[0.65rem]">{item.brand}</p>
          <h3 className="line-clamp-2 font-sans text-[0.95rem] leading-snug font-medium tracking-normal text-ink">
            {item.name}
          </h3>
          <div className="flex items-center gap-1.5 text-xs text-stone">
            <Stars rating={item.rating} reviewCount={item.reviewCount} className="[&_svg]:size-3" />
            {/* A count above the times rented takes in the catalogue's first ratings: a card has no room to say so (the item page does). */}
            {item.reviewCount > 0 && !countsCatalogueRatings(item) && <span>({item.reviewCount})</span>}
          </div>
          {item.lenderRating && (
            <p className="text-xs text-stone" data-testid="lender-rating">
              Lender ★ {item.lenderRating.average.toFixed(1)} ({item.lenderRating.count}{' '}
              {item.lenderRating.count === 1 ? 'rating' : 'ratings'})
            </p>
          )}
          <p className="text-sm text-ink">
            <span className="font-semibold">{formatCents(item.rentalPriceCents)}</span>
            <span className="text-taupe"> / week</span>
          </p>
        </div>
      </Link>
      {item.isNew && (
        <Badge tone="ink" className="pointer-events-none absolute top-2 left-2">
          New
        </Badge>
      )}
      {action && <div className="absolute top-2 right-2">{action}</div>}
    </article>
  );
}

/** The grid items sit in: two columns on phones, up to four on desktop. */
export const itemGridClass = 'grid grid-cols-2 gap-x-4 gap-y-9 sm:grid-cols-3 xl:grid-cols-4';
