import { MapPin, Truck } from 'lucide-react';
import type { DeskRental } from '@domain/ops';
import { formatDate } from '../../../lib/format';

/** One rental on a desk board: member, piece, size and unit, dates, how it travels. */
export function DeskRentalCard({ rental: r, emphasis }: { rental: DeskRental; emphasis?: 'overdue' }) {
  const studio = r.pickupOption === 'in-store';
  return (
    <article aria-label={`${r.itemName} for ${r.member.name}`} className="rounded-md border border-linen/80 bg-ivory p-4 shadow-soft">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">{r.brand}</p>
          <h3 className="mt-1 font-display text-xl leading-tight">{r.itemName}</h3>
        </div>
        <span className="shrink-0 rounded-xs bg-sand px-2 py-1 text-xs font-semibold tracking-wide text-ink">
          Size {r.size} · Unit {r.unitNo}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-stone">Member</dt>
        <dd className="truncate text-ink">
          {r.member.name} <span className="text-stone">· {r.member.email}</span>
        </dd>
        <dt className="text-stone">Dates</dt>
        <dd className="text-ink">
          {formatDate(r.startDate)} → {formatDate(r.returnDate)}
          {emphasis === 'overdue' && <span className="ml-1 font-semibold text-danger">(overdue)</span>}
        </dd>
        <dt className="text-stone">Handover</dt>
        <dd className="flex items-center gap-1.5 text-ink">
          {studio ? <MapPin className="size-4" aria-hidden="true" /> : <Truck className="size-4" aria-hidden="true" />}
          {r.pickupOption === null ? 'Not chosen' : studio ? 'Studio pickup' : 'Delivery'}
        </dd>
        {r.lender && (
          <>
            <dt className="text-stone">Lent by</dt>
            <dd className="text-ink">{r.lender}</dd>
          </>
        )}
        {r.returnedAt && (
          <>
            <dt className="text-stone">Returned</dt>
            <dd className="text-ink">{new Date(r.returnedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

/** A list of desk rentals, or a quiet line when there are none. */
export function DeskRentalList({ rentals, empty, emphasis, label }: { rentals: DeskRental[]; empty: string; emphasis?: 'overdue'; label: string }) {
  if (rentals.length === 0) return <p className="rounded-md border border-dashed border-linen px-4 py-6 text-center text-sm text-stone">{empty}</p>;
  return (
    <ul className="grid gap-3 xl:grid-cols-2" aria-label={label}>
      {rentals.map((r) => (
        <li key={r.rentalId}>
          <DeskRentalCard rental={r} {...(emphasis ? { emphasis } : {})} />
        </li>
      ))}
    </ul>
  );
}
