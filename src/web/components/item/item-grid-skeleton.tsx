import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/skeleton';
import { itemGridClass } from './item-card';

/** Placeholder cards while a grid of items loads, the same shape as ItemCard. */
export function ItemCardSkeleton() {
  return (
    <div>
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="mt-3 h-2.5 w-1/3" />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-2 h-3 w-1/2" />
    </div>
  );
}

export function ItemGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
  return (
    <div className={cn(itemGridClass, className)} role="status" aria-label="Loading items">
      {Array.from({ length: count }, (_, i) => (
        <ItemCardSkeleton key={i} />
      ))}
    </div>
  );
}
