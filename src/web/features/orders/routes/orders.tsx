import { ArrowLeft, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import type { OrderSummary } from '@domain/orders';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getOrdersQueryOptions, useOrders } from '../api/get-orders';
import { dateRange, lineAmount, OrderDeliveryText, OrderStatusBadge } from '../components/order-parts';
import type { Route } from './+types/orders';

/** Her orders, fetched on the server for the first paint. */
const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getOrdersQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your orders · Rentique',
    description: 'Every Rentique booking: dates, pieces, delivery or pickup, charges and refunds.',
    noindex: true,
  });

/** /orders (members): the order history, newest first, each with a link to its printable receipt. */
export default function Component() {
  const orders = useOrders();
  return (
    <div className="container-page max-w-4xl pb-24">
      <div className="pt-8">
        <Link
          to={paths.dashboard}
          className="inline-flex items-center gap-2 text-sm text-taupe underline-offset-4 hover:text-ink hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Link>
      </div>
      <PageHeader className="pt-6 md:pt-8" eyebrow="Your account" title="Order history">
        Each booking, what it cost and what came back. Open a receipt to print it.
      </PageHeader>
      {orders.isPending ? (
        <ul className="space-y-4" aria-busy="true" aria-label="Loading your orders">
          {[0, 1].map((i) => (
            <li key={i}>
              <Skeleton className="h-40 w-full" />
            </li>
          ))}
        </ul>
      ) : orders.isError ? (
        <LoadError title="Your orders could not be loaded" onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders yet" icon={<Receipt className="size-8" aria-hidden="true" />}>
          <p>Your bookings appear here with their receipts.</p>
          <Button asChild className="mt-5">
            <Link to={paths.browse}>Browse the collection</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Your orders">
          {orders.data.orders.map((o) => (
            <li key={o.number}>
              <OrderCard order={o} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The rental's own payment is the order's price; everything else (an extension, a refund, a late fee, a damage claim) is listed on the card. */
const isRentalPayment = (l: OrderSummary['lines'][number]) =>
  l.kind === 'charge' && (l.purpose === 'booking' || l.purpose === 'lending_request');

function OrderCard({ order: o }: { order: OrderSummary }) {
  const extras = o.lines.filter((l) => !isRentalPayment(l));
  return (
    <article
      aria-label={`Order ${o.number}`}
      className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="eyebrow">Order {o.number}</p>
          <p className="mt-1 text-xs text-stone">Placed {formatDate(o.placedAt)}</p>
        </div>
        <OrderStatusBadge status={o.status} />
      </div>
      <ul className="mt-4 space-y-3">
        {o.items.map((it) => (
          <li key={it.rentalId} className="flex items-center gap-4">
            <img src={it.imageUrl} alt="" className="size-16 shrink-0 rounded-sm bg-sand object-cover" loading="lazy" />
            <div className="min-w-0 text-sm">
              <p className="text-xs text-stone">{it.brand}</p>
              <h3 className="truncate font-display text-xl leading-tight">{it.name}</h3>
              <p className="text-taupe">
                Size {it.size}
                {it.backupSize ? ` (backup ${it.backupSize})` : ''} · {dateRange(it.startDate, it.returnDate)}
              </p>
              {it.kept && (
                <p className="font-medium text-ink" data-testid="order-kept">
                  Yours: bought for {formatCents(it.kept.priceCents)}
                </p>
              )}
            </div>
          </li>
        ))}
        {o.bought.map((b) => (
          <li key={`p${b.pieceId}`} className="flex items-center gap-4" data-testid="order-bought">
            <img src={b.imageUrl} alt="" className="size-16 shrink-0 rounded-sm bg-sand object-cover" loading="lazy" />
            <div className="min-w-0 text-sm">
              <p className="text-xs text-stone">{b.brand}</p>
              <h3 className="truncate font-display text-xl leading-tight">{b.name}</h3>
              <p className="text-taupe">
                Size {b.size} · Pre-loved, yours to keep · {formatCents(b.priceCents)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-taupe">
        <OrderDeliveryText delivery={o.delivery} />
      </p>
      {extras.length > 0 && (
        <ul
          className="mt-4 space-y-1.5 rounded-sm bg-sand/40 px-3 py-2.5 text-sm"
          aria-label={`Other charges and refunds of order ${o.number}`}
        >
          {extras.map((l, i) => (
            <li key={i} className="flex items-baseline justify-between gap-3" data-testid="order-extra">
              <span className="min-w-0">
                <span className="font-medium">{l.label}</span>
                <span className="block text-xs break-words text-stone">{l.description}</span>
              </span>
              <span className="shrink-0 tabular-nums">{lineAmount(l)}</span>
            </li>
          ))}
        </ul>
      )}
      {o.discount && (
        <p className="mt-4 flex items-baseline justify-between gap-3 text-sm text-clay" data-testid="order-discount">
          <span>{o.discount.label}</span>
          <span className="shrink-0 tabular-nums">−{formatCents(o.discount.cents)}</span>
        </p>
      )}
      {o.creditCents > 0 && (
        <p className="mt-1 flex items-baseline justify-between gap-3 text-sm text-clay" data-testid="order-credit">
          <span>Paid with store credit</span>
          <span className="shrink-0 tabular-nums">−{formatCents(o.creditCents)}</span>
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-linen pt-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-stone">Charged</dt>
          <dd className="font-medium" data-testid="order-charged">
            {o.coveredByPlan && o.chargedCents === 0 ? 'Included in your plan' : formatCents(o.chargedCents)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone">Refunded</dt>
          <dd className="font-medium" data-testid="order-refunded">
            {formatCents(o.refundedCents)}
            {o.refundPendingCents > 0 && (
              <span className="block text-xs font-normal text-stone">
                {formatCents(o.refundPendingCents)} on its way
              </span>
            )}
          </dd>
        </div>
        <div className="col-span-2 flex items-end sm:col-span-1 sm:justify-end">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.order(o.number)} aria-label={`Receipt for order ${o.number}`}>
              <Receipt aria-hidden="true" />
              Receipt
            </Link>
          </Button>
        </div>
      </dl>
    </article>
  );
}
