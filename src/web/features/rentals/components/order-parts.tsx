import { Store, Truck } from 'lucide-react';
import type { OrderDelivery, OrderStatus } from '@domain/orders';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

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
