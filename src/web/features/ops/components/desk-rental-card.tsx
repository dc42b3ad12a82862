import { MapPin, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DeskRental } from '@domain/ops';
import { LATE_FEE_STATUS_LABELS } from '@domain/rentals.rules';
import { UNIT_STATE_LABELS } from '@domain/unit-life';
import { formatCents, formatDate } from '../../../lib/format';

/** "3 days late" / "1 day late". */
export function lateText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} late`;
}

/** The backup size held with a rental (decision 0034): its size and unit, which travel in the same parcel. */
export function BackupSize({ backup, className }: { backup: NonNullable<DeskRental['backup']>; className?: string }) {
  return (
    <span className={className} data-testid="backup-size">
      Size {backup.size} <span className="font-mono text-[0.8rem] text-taupe">{backup.unitCode}</span>, in the same
      parcel
    </span>
  );
}

/**
 * One rental on a desk board: member, piece, size and unit code, dates, where it goes (the
 * delivery address or the studio), lateness and fee; `actions` are the buttons of its next move.
 */
export function DeskRentalCard({
  rental: r,
  emphasis,
  actions,
}: {
  rental: DeskRental;
  emphasis?: 'overdue';
  actions?: ReactNode;
}) {
  const studio = r.handoff === 'pickup';
  const where = studio
    ? (r.destination.studio ?? 'Studio pickup')
    : (r.destination.address ?? 'Delivery (no address on file)');
  return (
    <article
      aria-label={`${r.itemName} for ${r.member.name}`}
      className="flex h-full flex-col rounded-md border border-linen/80 bg-ivory p-4 shadow-soft"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">{r.brand}</p>
          <h3 className="mt-1 font-display text-xl leading-tight break-words">{r.itemName}</h3>
        </div>
        <span className="shrink-0 rounded-xs bg-sand px-2 py-1 text-right text-xs font-semibold tracking-wide text-ink">
          Size {r.size}
          <span className="block font-mono text-[0.7rem] font-medium text-taupe" data-testid="unit-code">
            {r.unitCode}
          </span>
          {r.backup && <span className="mt-1 block border-t border-ink/15 pt-1">+ backup {r.backup.size}</span>}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-stone">Member</dt>
        <dd className="min-w-0 text-ink">
          {r.member.name} <span className="break-all text-stone">· {r.member.email}</span>
        </dd>
        {r.backup && (
          <>
            <dt className="text-stone">Backup size</dt>
            <dd className="min-w-0 font-semibold text-ink">
              <BackupSize backup={r.backup} />
            </dd>
          </>
        )}
        <dt className="text-stone">Dates</dt>
        <dd className="text-ink">
          {formatDate(r.startDate)} → {formatDate(r.returnDate)}
        </dd>
        <dt className="text-stone">{studio ? 'Studio' : 'Deliver to'}</dt>
        <dd className="flex min-w-0 items-start gap-1.5 text-ink">
          {studio ? (
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="break-words whitespace-pre-line">{where}</span>
        </dd>
        <dt className="text-stone">Unit</dt>
        <dd className="text-ink">
          {UNIT_STATE_LABELS[r.unitState]}
          {!r.unitReady && !r.dispatchedAt && (
            <span className="ml-1 font-semibold text-danger">(not on the shelf)</span>
          )}
        </dd>
        {r.lender && (
          <>
            <dt className="text-stone">Lent by</dt>
            <dd className="text-ink">{r.lender}</dd>
          </>
        )}
        {r.returnedAt && (
          <>
            <dt className="text-stone">Sent back</dt>
            <dd className="text-ink">{formatDate(r.returnedAt)}</dd>
          </>
        )}
        {(r.daysLate > 0 || emphasis === 'overdue') && (
          <>
            <dt className="text-stone">Late</dt>
            <dd className="font-semibold text-danger">
              {lateText(r.daysLate)} · fee {r.checkedInAt ? '' : 'so far '}
              {formatCents(r.lateFeeCents)}
              {r.lateFeeStatus && r.lateFeeStatus !== 'accruing' && (
                <span className="font-normal text-taupe"> ({LATE_FEE_STATUS_LABELS[r.lateFeeStatus]})</span>
              )}
            </dd>
          </>
        )}
      </dl>
      {actions && <div className="mt-4 flex flex-wrap gap-2 pt-1 sm:justify-end md:mt-auto">{actions}</div>}
    </article>
  );
}

/** A list of desk rentals, or a quiet line when there are none. */
export function DeskRentalList({
  rentals,
  empty,
  emphasis,
  label,
  actions,
}: {
  rentals: DeskRental[];
  empty: string;
  emphasis?: 'overdue';
  label: string;
  actions?: (rental: DeskRental) => ReactNode;
}) {
  if (rentals.length === 0)
    return (
      <p className="rounded-md border border-dashed border-linen px-4 py-6 text-center text-sm text-stone">{empty}</p>
    );
  return (
    <ul className="grid gap-3 xl:grid-cols-2" aria-label={label}>
      {rentals.map((r) => (
        <li key={r.rentalId}>
          <DeskRentalCard rental={r} {...(emphasis ? { emphasis } : {})} actions={actions?.(r)} />
        </li>
      ))}
    </ul>
  );
}
