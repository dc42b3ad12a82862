import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';

/** The page frame while the member's plan loads. */
export function PlansPageSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <div className="container-page pb-24" aria-busy="true">
      <div className="space-y-4 pt-12 pb-10 md:pt-16">
        <Skeleton className="h-3 w-28" />
        <Skeleton className="h-12 w-3/4 max-w-lg" />
        <Skeleton className="h-4 w-full max-w-xl" />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className="h-80 rounded-md" />
        ))}
      </div>
    </div>
  );
}

export function PlansLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="container-page py-16">
      <EmptyState title="We could not load your plan">
        <p>Check your connection and try again.</p>
        <Button variant="outline" className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </EmptyState>
    </div>
  );
}
