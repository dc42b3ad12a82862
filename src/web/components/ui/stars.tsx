import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Five stars, filled up to the rounded-down rating, with the rating for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} aria-hidden="true" className={cn('size-4', i < filled ? 'fill-gold text-gold' : 'text-linen')} />
      ))}
    </span>
  );
}
