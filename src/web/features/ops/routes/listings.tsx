import { ListChecks } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { REVIEW_STATUSES } from '@domain/listings.rules';
import type { ReviewStatus } from '@domain/ops';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { getReviewQueueQueryOptions, useReviewQueue } from '../api/get-review-queue';
import { OpsHeader } from '../components/ops-header';
import { ReviewCard } from '../components/review-card';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/listings';

/** ?status=pending|rejected|approved (pending otherwise). */
const statusOf = (params: URLSearchParams): ReviewStatus =>
  REVIEW_STATUSES.find((s) => s === params.get('status')) ?? 'pending';

const queries =
  (url: URL): PageQueries =>
  (queryClient) =>
    queryClient.prefetchQuery(getReviewQueueQueryOptions(statusOf(url.searchParams)));

export function loader({ context, request }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Listings to review');

const TAB_LABELS: Record<ReviewStatus, string> = { pending: 'In review', rejected: 'Rejected', approved: 'Approved' };
const EMPTY: Record<ReviewStatus, string> = {
  pending: 'Every listing has been reviewed. New ones appear here as members submit them.',
  rejected: 'No listing is waiting for its lender’s changes.',
  approved: 'No member listing has been approved yet.',
};

/** /ops/listings: members' listings to approve or reject (oldest submission first). */
export default function Component() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const queue = useReviewQueue(status);
  const listings = queue.data?.listings ?? [];

  return (
    <div>
      <OpsHeader title="Listings to review">
        Members’ pieces go live only once approved. Check the photos and the description; a rejection needs a reason the
        member will read.
      </OpsHeader>
      <div
        role="group"
        aria-label="Review status"
        className="mb-6 inline-flex rounded-sm border border-linen bg-ivory p-1"
      >
        {REVIEW_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => setParams(s === 'pending' ? {} : { status: s }, { replace: true })}
            className={cn(
              'min-h-11 cursor-pointer rounded-xs px-4 text-sm font-medium tracking-wide transition-colors',
              s === status ? 'bg-ink text-ivory' : 'text-taupe hover:text-ink',
            )}
          >
            {TAB_LABELS[s]}
            {s === 'pending' && queue.data ? ` (${queue.data.pendingCount})` : ''}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <SkeletonRows label="Loading listings" count={2} rowClassName="h-72" className="space-y-4" />
      ) : queue.isError ? (
        <LoadError title="Listings could not be loaded" onRetry={() => void queue.refetch()} />
      ) : listings.length === 0 ? (
        <EmptyState title="Nothing here" icon={<ListChecks className="size-8" aria-hidden="true" />}>
          {EMPTY[status]}
        </EmptyState>
      ) : (
        <ul className="space-y-5" aria-label={TAB_LABELS[status]}>
          {listings.map((l) => (
            <li key={l.id}>
              <ReviewCard listing={l} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
