import { PackageCheck, Send } from 'lucide-react';
import { toast } from 'sonner';
import type { Parcel } from '@domain/parcels';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { alreadyShown } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { useDeskParcels, useParcelMove } from '../api/get-parcels';

const STATUS_TEXT: Record<Parcel['status'], string> = {
  open: 'Open: pieces booked today still join',
  packed: 'Packed',
  dispatched: 'Dispatched',
};

function ParcelActions({ parcel: p }: { parcel: Parcel }) {
  const pack = useParcelMove('pack');
  const dispatch = useParcelMove('dispatch');
  const busy = pack.isPending || dispatch.isPending;
  const who = `parcel ${p.id} for ${p.member.name}`;
  if (p.status === 'dispatched')
    return (
      <p className="text-sm text-taupe">
        {p.trackingNumber ? (
          <>
            Tracking <span className="font-mono text-ink">{p.trackingNumber}</span>
          </>
        ) : p.handoff === 'studio' ? (
          'Ready at the studio'
        ) : (
          'Label pending'
        )}
      </p>
    );
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {p.status === 'open' && (
        <Button
          variant="outline"
          size="lg"
          className="sm:h-11"
          disabled={busy}
          aria-label={`Mark packed: ${who}`}
          onClick={() => pack.mutateAsync(p.id).then(() => toast.success('Parcel packed'), alreadyShown)}
        >
          <PackageCheck aria-hidden="true" />
          {pack.isPending ? 'Saving…' : 'Mark packed'}
        </Button>
      )}
      <Button
        size="lg"
        className="sm:h-11"
        disabled={busy}
        aria-label={`Dispatch ${who}`}
        onClick={() =>
          dispatch.mutateAsync(p.id).then(
            (sent) =>
              toast.success('Parcel dispatched', {
                description: sent.trackingNumber ? `Tracking ${sent.trackingNumber}; she has been told.` : undefined,
              }),
            alreadyShown,
          )
        }
      >
        <Send aria-hidden="true" />
        {dispatch.isPending ? 'Dispatching…' : p.handoff === 'studio' ? 'Ready at studio' : 'Dispatch parcel'}
      </Button>
    </div>
  );
}

/** The desk's parcels: one per member, destination and day, with their pieces; packed and dispatched once. */
export function DeskParcels() {
  const parcels = useDeskParcels();
  if (parcels.isPending) return <SkeletonRows label="Loading parcels" count={2} rowClassName="h-28" />;
  if (parcels.isError) return <LoadError title="Parcels could not be loaded" onRetry={() => void parcels.refetch()} />;
  const list = parcels.data.parcels;
  if (list.length === 0) return <p className="text-sm text-taupe">No parcel to pack today.</p>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Parcels">
      {list.map((p) => (
        <li key={p.id}>
          <article
            aria-label={`Parcel ${p.id} for ${p.member.name}`}
            className="flex h-full flex-col gap-3 rounded-md border border-linen/80 bg-ivory p-4 shadow-soft"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="eyebrow">
                  Parcel {p.id} · {formatDate(p.shipDay)}
                </p>
                <h3 className="mt-1 font-display text-xl">{p.member.name}</h3>
                <p className="text-sm text-taupe">{p.destination}</p>
              </div>
              <span className="rounded-xs bg-sand px-2 py-1 text-xs font-semibold text-ink">
                {STATUS_TEXT[p.status]}
              </span>
            </div>
            <ul className="divide-y divide-linen text-sm" aria-label={`Pieces in parcel ${p.id}`}>
              {p.pieces.map((piece) => (
                <li key={piece.rentalId ?? `s${piece.sendoffId}`} className="flex justify-between gap-3 py-1.5">
                  <span>
                    {piece.brand} · {piece.itemName} · size {piece.size}
                  </span>
                  <span className="font-mono text-xs text-taupe">{piece.unitCode}</span>
                </li>
              ))}
            </ul>
            <div className="mt-auto">
              <ParcelActions parcel={p} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
