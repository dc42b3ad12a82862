import { ArrowLeft, Printer } from 'lucide-react';
import { data, Link, useParams } from 'react-router';
import { CARD_BRAND_LABELS, type CardBrand } from '@domain/card.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries } from '../../../lib/page-data';
import { TRACKING_LABELS, type Parcel } from '@domain/parcels';
import { OrderParcels, getParcelsQueryOptions, useParcels } from '../../parcels';
import { getOrderQueryOptions, useOrder } from '../api/get-orders';
import { dateRange, OrderDeliveryText, OrderStatusBadge, PaymentLines } from '../components/order-parts';
import type { Route } from './+types/order-receipt';
import './receipt.css';

const ORDER_NUMBER = /^RT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The receipt and its parcels' tracking, fetched on the server (404 for a number that is not hers or not an order number). */
const queries =
  (number: string): PageQueries =>
  (queryClient) =>
    Promise.all([
      queryClient.ensureQueryData(getOrderQueryOptions(number)),
      queryClient.prefetchQuery(getParcelsQueryOptions({ orderNumber: number })),
    ]);

export function loader({ context, params }: Route.LoaderArgs) {
  const number = params.number.toUpperCase();
  return ORDER_NUMBER.test(number) ? loadPage(context, queries(number)) : data(null, { status: 404 });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const number = params.number.toUpperCase();
  return ORDER_NUMBER.test(number) ? clientLoadPage(queries(number)) : pageNotFound();
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Receipt ${args.params.number.toUpperCase()} · Rentique`,
    description: 'A printable receipt of a Rentique order.',
    noindex: true,
  });

/** A bought piece's parcel in a line: its tracking number and the carrier's last word. */
function BoughtTracking({ parcel: p }: { parcel: Parcel | undefined }) {
  if (!p) return <span className="block text-xs text-stone">Being prepared at the atelier</span>;
  if (!p.trackingNumber) return <span className="block text-xs text-stone">Dispatched · label on its way</span>;
  return (
    <span className="block text-xs text-stone" data-testid="receipt-bought-tracking">
      {p.trackingStatus ? TRACKING_LABELS[p.trackingStatus] : 'Dispatched'} · tracking{' '}
      <span className="font-mono text-ink">{p.trackingNumber}</span>
    </span>
  );
}

/** /orders/{number}: a printable receipt (only the card's brand and last four). */
export default function Component() {
  const { number = '' } = useParams();
  const upper = number.toUpperCase();
  const valid = ORDER_NUMBER.test(upper);
  const order = useOrder(upper);
  const parcels = useParcels({ orderNumber: upper });
  /** A bought piece's parcel (it travels on its own: decision 0066), by its item. */
  const sentIn = (itemId: number) =>
    parcels.data?.parcels.find((p) => p.pieces.some((pc) => pc.sendoffId !== null && pc.itemId === itemId));

  if (!valid || (order.error instanceof ApiClientError && order.error.status === 404)) {
    return (
      <div className="container-page max-w-3xl py-16">
        <EmptyState title="Order not found">
          <p>There is no order {number} on your account.</p>
          <Button asChild variant="outline" className="mt-5">
            <Link to={paths.orders}>Your orders</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  if (order.isError) return <LoadError title="This receipt could not be loaded" onRetry={() => void order.refetch()} />;
  if (!order.data) {
    return (
      <div className="container-page max-w-3xl py-16" role="status" aria-label="Loading the receipt">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  const o = order.data;

  return (
    <div className="container-page max-w-3xl pb-24">
      <div className="receipt-no-print flex flex-wrap items-center justify-between gap-3 pt-8">
        <Link
          to={paths.orders}
          className="inline-flex items-center gap-2 text-sm text-taupe underline-offset-4 hover:text-ink hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All orders
        </Link>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print receipt
        </Button>
      </div>

      <article
        aria-labelledby="receipt-title"
        className="receipt-sheet mt-6 rounded-md border border-linen bg-ivory p-6 shadow-soft sm:p-10"
      >
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-linen pb-6">
          <div>
            <p className="font-display text-2xl tracking-wide">Rentique</p>
            <h1 id="receipt-title" className="mt-4 text-display-md">
              Receipt
            </h1>
            <p className="mt-1 text-sm text-taupe">Order {o.number}</p>
          </div>
          <div className="text-sm text-taupe sm:text-right">
            <OrderStatusBadge status={o.status} />
            <p className="mt-2">Placed {formatDate(o.placedAt)}</p>
            <p>Billed to {o.billedTo}</p>
            {o.card && (
              <p data-testid="receipt-card">
                {CARD_BRAND_LABELS[o.card.brand as CardBrand] ?? o.card.brand} ending in {o.card.lastFour}
              </p>
            )}
          </div>
        </div>

        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Pieces</caption>
          <thead className="text-xs text-stone">
            <tr>
              <th scope="col" className="pb-2 font-medium">
                Piece
              </th>
              <th scope="col" className="pb-2 font-medium">
                Dates
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {o.items.map((it) => (
              <tr key={it.rentalId}>
                <td className="py-3 pr-3">
                  <span className="block text-xs text-stone">{it.brand}</span>
                  <span className="font-medium">{it.name}</span>
                  <span className="block text-xs text-stone">
                    Size {it.size}
                    {it.backupSize ? ` · backup size ${it.backupSize} (no charge)` : ''}
                    {it.extensions > 0 ? ` · extended ${it.extensions}×` : ''}
                    {it.cancelledAt ? ' · cancelled' : ''}
                    {it.kept ? ` · kept: bought for ${formatCents(it.kept.priceCents)}` : ''}
                  </span>
                </td>
                <td className="py-3 pr-3 text-taupe">{dateRange(it.startDate, it.returnDate)}</td>
                <td className="py-3 text-right">
                  {o.coveredByPlan ? 'Included in your plan' : formatCents(it.priceCents)}
                </td>
              </tr>
            ))}
            {o.bought.map((b) => (
              <tr key={`p${b.pieceId}`} data-testid="receipt-bought">
                <td className="py-3 pr-3">
                  <span className="block text-xs text-stone">{b.brand}</span>
                  <span className="font-medium">{b.name}</span>
                  <span className="block text-xs text-stone">
                    Size {b.size} · pre-loved: {b.conditionNote}
                  </span>
                </td>
                <td className="py-3 pr-3 text-taupe">
                  Yours to keep
                  {o.status === 'confirmed' && <BoughtTracking parcel={sentIn(b.itemId)} />}
                </td>
                <td className="py-3 text-right">{formatCents(b.priceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <p className="mt-6 text-sm text-taupe">
          <OrderDeliveryText delivery={o.delivery} />
        </p>

        {o.lines.length > 0 && <PaymentLines lines={o.lines} />}

        <dl className="mt-6 space-y-1 border-t border-ink pt-4 text-sm">
          {o.discount && (
            <div className="flex justify-between">
              <dt>{o.discount.label}</dt>
              <dd data-testid="receipt-discount">−{formatCents(o.discount.cents)}</dd>
            </div>
          )}
          {o.creditCents > 0 && (
            <div className="flex justify-between">
              <dt>Paid with store credit</dt>
              <dd data-testid="receipt-credit">−{formatCents(o.creditCents)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Charged</dt>
            <dd data-testid="receipt-charged">{formatCents(o.chargedCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Refunded</dt>
            <dd data-testid="receipt-refunded">{formatCents(o.refundedCents)}</dd>
          </div>
          <div className="flex justify-between font-display text-xl">
            <dt>Total paid</dt>
            <dd>{formatCents(o.chargedCents - o.refundedCents)}</dd>
          </div>
        </dl>
        <p className="mt-8 text-xs text-stone">
          Rentique · hello@rentique.example · Keep this receipt for your records.
        </p>
      </article>
      <OrderParcels orderNumber={o.number} />
    </div>
  );
}
