import { ScrollText } from 'lucide-react';
import { CONDITION_LABELS } from '@domain/unit-life';
import type { PassportUnit } from '@domain/passport';
import { formatDate } from '../../../lib/format';
import { useItemPassport } from '../api/get-item-passport';

/**
 * The garment's passport on the item page (decision 0059): each piece of the item she could get,
 * with how often it was rented, its grade and day at the last check-in, its last cleaning and its
 * repairs. Nothing when the history could not be read (the page stands without it).
 */
export function GarmentPassport({ itemId }: { itemId: number }) {
  const passport = useItemPassport(itemId);
  const units = passport.data?.units ?? [];
  if (units.length === 0) return null;
  return (
    <section aria-labelledby="passport-title" className="mt-16" data-testid="garment-passport">
      <h2 id="passport-title" className="flex items-center gap-2 font-display text-2xl">
        <ScrollText className="size-5" aria-hidden="true" />
        The garment&apos;s passport
      </h2>
      <p className="mt-1 text-sm text-taupe">The history of the pieces you could receive, one line per piece.</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {units.map((u) => (
          <li
            key={`${u.size}-${u.unitNo}`}
            className="rounded-md border border-linen/80 bg-ivory p-4 text-sm"
            data-testid="passport-unit"
          >
            <p className="font-medium">
              Size {u.size} · piece {u.unitNo}
            </p>
            <PassportLines unit={u} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PassportLines({ unit: u }: { unit: PassportUnit }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-taupe">
      <dt>Times rented</dt>
      <dd data-testid="times-rented">{u.timesRented === 0 ? 'Never: you would be the first' : u.timesRented}</dd>
      <dt>Last check-in</dt>
      <dd>{u.lastCheckIn ? `${CONDITION_LABELS[u.lastCheckIn.condition]}, ${formatDate(u.lastCheckIn.date)}` : '—'}</dd>
      <dt>Last cleaned</dt>
      <dd>{u.lastCleanedOn ? formatDate(u.lastCleanedOn) : '—'}</dd>
      <dt>Repairs</dt>
      <dd>{u.repairs === 0 ? 'None' : u.repairs}</dd>
    </dl>
  );
}
