import { useParcels } from '../api/get-parcels';
import { ParcelTracking } from './parcel-tracking';

/** The tracking of an order's parcels, on her receipt (nothing before they are packed). */
export function OrderParcels({ orderNumber }: { orderNumber: string }) {
  const parcels = useParcels({ orderNumber });
  const list = parcels.data?.parcels.filter((p) => p.trackingNumber || p.status === 'dispatched') ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="order-parcels" className="receipt-no-print mt-8 space-y-4">
      <h2 id="order-parcels" className="font-display text-2xl">
        Tracking
      </h2>
      {list.map((p) => (
        <ParcelTracking key={p.id} parcel={p} />
      ))}
    </section>
  );
}
