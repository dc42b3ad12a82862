import { Check, Printer, Truck } from 'lucide-react';
import { TRACKING_LABELS, TRACKING_STATUSES, type Parcel } from '@domain/parcels';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

const STEPS = TRACKING_STATUSES.filter((s) => s !== 'exception');

const TITLES: Record<Parcel['kind'], string> = {
  outbound: 'On its way to you',
  return: 'Your return',
  inbound_pickup: 'Collected from the lender',
  back_to_lender: 'Back to the lender',
};

/** A parcel's tracking: its steps (the carrier's), its number, the pieces in it; a return's QR label. */
export function ParcelTracking({ parcel: p }: { parcel: Parcel }) {
  const reached = p.trackingStatus
    ? STEPS.indexOf(p.trackingStatus === 'exception' ? 'in_transit' : p.trackingStatus)
    : -1;
  const title = p.kind === 'outbound' && p.trackingStatus === 'delivered' ? 'Delivered' : TITLES[p.kind];
  return (
    <article
      aria-label={`${TITLES[p.kind]}: parcel ${p.id}`}
      className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft sm:p-6"
      data-testid={`parcel-${p.kind}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="eyebrow">{p.pieces.length === 1 ? '1 piece' : `${p.pieces.length} pieces`} in this parcel</p>
          <h2 className="mt-1 font-display text-2xl">{title}</h2>
        </div>
        {p.trackingNumber && (
          <p className="text-sm text-taupe">
            Tracking{' '}
            <span className="font-mono text-ink" data-testid="tracking-number">
              {p.trackingNumber}
            </span>
          </p>
        )}
      </div>
      <ul className="mt-3 text-sm text-taupe">
        {p.pieces.map((piece) => (
          <li key={piece.rentalId ?? `s${piece.sendoffId}`}>
            {piece.brand} · {piece.itemName} · size {piece.size}
          </li>
        ))}
      </ul>
      {p.handoff === 'studio' ? (
        <p className="mt-4 text-sm">Ready for you at {p.destination || 'the studio'}.</p>
      ) : !p.trackingNumber ? (
        <p className="mt-4 text-sm text-taupe">
          {p.status === 'dispatched' ? 'The carrier is making the label.' : 'Being prepared at the atelier.'}
        </p>
      ) : (
        <>
          <ol className="mt-5 grid gap-2 sm:grid-cols-5" aria-label="Tracking">
            {STEPS.map((s, i) => (
              <li
                key={s}
                aria-current={i === reached ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-sm border px-3 py-2 text-xs',
                  i <= reached ? 'border-ink bg-ink text-ivory' : 'border-linen text-stone',
                )}
              >
                {i <= reached ? (
                  <Check aria-hidden="true" className="size-3.5" />
                ) : (
                  <Truck aria-hidden="true" className="size-3.5" />
                )}
                {TRACKING_LABELS[s]}
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm" role="status" data-testid="tracking-status">
            {p.trackingStatus ? TRACKING_LABELS[p.trackingStatus] : 'Waiting for the carrier'}
            {p.deliveredAt ? ` · ${formatDate(p.deliveredAt)}` : ''}
          </p>
          {p.kind === 'return' && (
            <div className="mt-5 flex flex-col items-start gap-4 border-t border-linen pt-5 sm:flex-row sm:items-center">
              <img
                src={`/api/parcels/${p.id}/label.svg`}
                alt={`Return label QR code, tracking ${p.trackingNumber}`}
                className="size-40 rounded-sm border border-linen bg-white p-1"
                data-testid="return-label-qr"
              />
              <div className="text-sm text-taupe">
                <p>
                  Show this code at any carrier drop-off, or print it and tape it to the parcel. Late days stop the
                  moment the carrier scans it.
                </p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => window.print()}>
                  <Printer aria-hidden="true" />
                  Print label
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </article>
  );
}
