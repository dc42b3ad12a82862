import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { WAITLIST_MESSAGES, timeLeft } from '@domain/waitlist.rules';
import type { WaitlistEntry } from '@domain/waitlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { useWaitlist } from '../api/get-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { ConfirmHoldDialog } from './confirm-hold-dialog';

/** The current time, moved on every minute (the holds' time left). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function EntryRow({ entry, now }: { entry: WaitlistEntry; now: number }) {
  const leave = useLeaveWaitlist();
  const held = entry.status === 'held';
  const busy = leave.isPending;
  return (
    <article
      aria-label={`${entry.name}, size ${entry.size}`}
      className={`flex flex-col gap-4 rounded-md border p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5 ${held ? 'border-clay/40 bg-ivory shadow-soft' : 'border-linen/80 bg-ivory'}`}
    >
      <Link to={paths.item(entry.itemId)} className="flex min-w-0 flex-1 items-center gap-4">
        <img src={entry.imageUrl} alt="" className="size-20 shrink-0 rounded-sm bg-sand object-cover" loading="lazy" />
        <div className="min-w-0">
          <p className="eyebrow">{entry.brand}</p>
          <h3 className="mt-1 truncate font-display text-xl leading-tight">{entry.name}</h3>
          <p className="mt-1 text-sm text-taupe">
            Size {entry.size} · {formatDate(entry.startDate)} to {formatDate(entry.returnDate)}
          </p>
        </div>
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
        {held ? (
          <p className="flex items-center gap-2 text-sm">
            <Badge tone="clay">{WAITLIST_MESSAGES.holdTitle}</Badge>
            <span className="inline-flex items-center gap-1.5 text-taupe" data-testid="hold-time-left">
              <Hourglass className="size-4" aria-hidden="true" />
              <span suppressHydrationWarning>{timeLeft(Date.parse(entry.holdExpiresAt ?? '') - now)}</span>
            </span>
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm">
            <Badge tone="outline">Waiting</Badge>
            <span className="text-taupe">
              {entry.position === 1 ? 'Next in line' : `Number ${entry.position} in line`}
            </span>
          </p>
        )}
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={`Leave the waitlist for ${entry.name}`}
            onClick={() => leave.mutateAsync(entry.id).then(() => toast.success(WAITLIST_MESSAGES.left), alreadyShown)}
          >
            Leave
          </Button>
          {held && <ConfirmHoldDialog entry={entry} disabled={busy} />}
        </div>
      </div>
    </article>
  );
}

/**
 * The dashboard's waitlist: pieces held for her (with 'Confirm' and the time left) first, then the
 * sizes she waits for. Nothing is drawn while she waits for nothing.
 */
export function WaitlistPanel() {
  const waitlist = useWaitlist();
  const now = useNow();
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  const sorted = [...entries].sort((a, b) => (a.status === b.status ? 0 : a.status === 'held' ? -1 : 1));
  const heldCount = entries.filter((e) => e.status === 'held').length;
  return (
    <section aria-labelledby="waitlist-heading" className="mt-10">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id="waitlist-heading" className="font-display text-3xl">
          Your waitlist
        </h2>
        {heldCount > 0 && (
          <p className="text-sm text-clay">
            {heldCount === 1 ? 'A piece is held for you for 24 hours' : `${heldCount} pieces are held for you`}
          </p>
        )}
      </div>
      <ul className="space-y-3" aria-label="Waitlist">
        {sorted.map((e) => (
          <li key={e.id}>
            <EntryRow entry={e} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
