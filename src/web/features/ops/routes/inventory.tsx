import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Input } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';
import { getInventoryQueryOptions, useInventory } from '../api/get-inventory';
import { OpsHeader } from '../components/ops-header';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/inventory';

/** The first page of the whole inventory (the search starts empty). */
const queries: PageQueries = (queryClient) => queryClient.prefetchInfiniteQuery(getInventoryQueryOptions(''));

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Inventory');

const STATUS_LABEL: Record<string, string> = { active: 'Live', pending_review: 'In review', rejected: 'Rejected' };

/** /ops/inventory: every piece with its units per size and how many are out today. */
export default function Component() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const inventory = useInventory(search);
  const pages = inventory.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const totals = pages[0]?.totals;

  return (
    <div>
      <OpsHeader
        title="Inventory"
        actions={
          <Button asChild>
            <Link to={paths.opsInventoryNew}>
              <Plus aria-hidden="true" /> Add a piece
            </Link>
          </Button>
        }
      >
        {totals
          ? `${totals.items} pieces, ${totals.units} units, ${totals.out} out with members today.`
          : 'Pieces, their units per size, and how many are out today.'}
      </OpsHeader>
      <div className="relative mb-5 max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search pieces by name or brand"
          placeholder="Search by name or brand"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="h-12 pl-10"
        />
      </div>
      {inventory.isPending ? (
        <SkeletonRows label="Loading inventory" count={4} rowClassName="h-16" className="space-y-2" />
      ) : inventory.isError ? (
        <LoadError title="The inventory could not be loaded" onRetry={() => void inventory.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No piece matches">Try another name or brand.</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory" aria-label="Pieces">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-6">
                <div className="min-w-0 flex-1">
                  <p className="text-xs text-stone">
                    #{item.id} · {item.brand} · {item.category} · {formatCents(item.rentalPriceCents)}/week
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 font-medium text-ink">
                    <Link
                      to={paths.opsInventoryItem(item.id)}
                      className="underline decoration-linen underline-offset-4 hover:decoration-ink"
                    >
                      {item.name}
                    </Link>
                    {item.fromMember && <Badge tone="outline">Member</Badge>}
                    {item.status !== 'active' && <Badge tone="clay">{STATUS_LABEL[item.status] ?? item.status}</Badge>}
                  </p>
                </div>
                {/* On a phone a grid of fixed columns: where the chips wrap does not depend on the face (no shift when the web font arrives). */}
                <ul
                  className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-1.5 sm:flex sm:flex-wrap"
                  aria-label={`Units of ${item.name}`}
                >
                  {item.sizes.map((s) => (
                    <li
                      key={s.size}
                      className="rounded-xs border border-linen px-2 py-1 text-xs whitespace-nowrap text-taupe"
                    >
                      <span className="font-semibold text-ink">{s.size}</span> {s.units - s.out}/{s.units} in
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {inventory.hasNextPage && (
            <div className="mt-5 flex justify-center">
              <Button
                variant="outline"
                size="lg"
                onClick={() => void inventory.fetchNextPage()}
                disabled={inventory.isFetchingNextPage}
              >
                {inventory.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
