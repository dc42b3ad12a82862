import { Store, Truck } from 'lucide-react';
import type { OrderDelivery, OrderStatus, OrderSummary } from '@domain/orders';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCents, formatDate } from '../../../lib/format';

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Payment in progress',
  confirmed: 'Confirmed',
  payment_failed: 'Payment declined',
  cancelled: 'Cancelled',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={status === 'confirmed' ? 'sand' : 'outline'}>{STATUS_LABELS[status]}</Badge>;
}

/** How the order reaches her: the address it is delivered to, or the studio it is picked up at. */
export function OrderDeliveryText({ delivery }: { delivery: OrderDelivery }) {
  if (delivery.method === 'online') {
    const a = delivery.address;
    return (
      <span className="inline-flex items-start gap-2">
        <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Delivery to {a.recipientName}, {a.line1}
          {a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.zipCode}
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-start gap-2">
      <Store className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Pickup at {delivery.studio.name}, {delivery.studio.address}
      </span>
    </span>
  );
}

/** "Nov 26, 2026 – Dec 3, 2026". */
export function dateRange(from: string, to: string): string {
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/** A receipt's amount: refunds as '−$4.00'. */
export function lineAmount(l: OrderSummary['lines'][number]): string {
  return l.kind === 'refund' ? `−${formatCents(l.amountCents)}` : formatCents(l.amountCents);
}

/**
 * Every charge and refund of an order, each with what it was for (the rental, an extension, a
 * late fee, its refund, a damage claim) and its detail; the date and the provider's reference.
 */
export function PaymentLines({ lines, className }: { lines: OrderSummary['lines']; className?: string }) {
  return (
    <table className={cn('mt-6 w-full text-left text-sm', className)}>
      <caption className="mb-2 text-left text-xs font-medium tracking-wide text-stone uppercase">Payments</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Date</th>
          <th scope="col">For</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-linen">
        {lines.map((l, i) => (
          <tr key={i} data-testid="payment-line" className="align-top">
            <td className="py-2.5 pr-3 whitespace-nowrap text-taupe">{formatDate(l.at)}</td>
            <td className="py-2.5 pr-3">
              <span className="font-medium text-ink">{l.label}</span>
              {l.status === 'pending' && <span className="text-stone"> (on its way)</span>}
              <span className="block text-xs break-words text-stone">{l.description}</span>
              {l.reference && (
                <span className="block font-mono text-[0.7rem] break-all text-stone">Ref. {l.reference}</span>
              )}
            </td>
            <td className="py-2.5 text-right whitespace-nowrap tabular-nums">{lineAmount(l)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
