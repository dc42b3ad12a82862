import { Send } from 'lucide-react';
import { TRACKING_LABELS } from '@domain/parcels';
import type { Sendoff } from '@domain/preloved';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { useSendoffs } from '../api/get-preloved';

/** A sent piece's parcel: its tracking number and status, ready at the studio, or its label asked for again. */
function SentParcel({ sendoff: s, back, busy }: { sendoff: Sendoff; back: string; busy: boolean }) {
  const p = s.parcel;
  if (!p) return null;
  if (p.handoff === 'studio') return <p>In its parcel, ready at the studio</p>;
  if (p.trackingNumber)
    return (
      <p data-testid="sendoff-tracking">
        Tracking <span className="font-mono text-ink">{p.trackingNumber}</span>
        {p.trackingStatus ? ` · ${TRACKING_LABELS[p.trackingStatus]}` : ''}
      </p>
    );
  return (
    <Form method="post" action={paths.opsPreLoved} className="mt-1">
      <input type="hidden" name="sendoffId" value={s.id} />
      <input type="hidden" name="back" value={back} />
      <p>The carrier has not made the label yet.</p>
      <Button type="submit" variant="outline" size="sm" disabled={busy} className="mt-1">
        Ask for the label again
      </Button>
    </Form>
  );
}

/**
 * The desk's pieces leaving for good (decision 0066): pre-loved sales to pack and send, each with
 * its Dispatch form (posting to /ops/pre-loved, which comes back here), and those sent lately.
 */
export function SendoffsSection({ back }: { back: string }) {
  const list = useSendoffs();
  const zone = useTimeZone();
  const busy = useNavigation().state === 'submitting';
  const rows = list.data?.sendoffs ?? [];
  const waiting = rows.filter((s) => s.dispatchedAt === null);
  return (
    <section aria-labelledby="sendoffs" className="mt-8">
      <h2 id="sendoffs" className="font-display text-2xl">
        Pre-loved to send <span className="text-base text-stone">({waiting.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-taupe">Nothing sold in the pre-loved sale waits to be sent.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Pre-loved pieces to send">
          {rows.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-3 rounded-sm border border-linen bg-ivory px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              data-testid="sendoff"
            >
              <div>
                <p className="font-medium">
                  {s.itemName} · size {s.size} ·{' '}
                  <Link to={paths.opsUnit(s.unitCode)} className="underline">
                    {s.unitCode}
                  </Link>
                </p>
                <p className="text-taupe">
                  {s.reason === 'kept' ? 'Kept by' : 'Sold to'} {s.member.name} ({s.member.email})
                  {s.orderNumber ? ` · order ${s.orderNumber}` : ''}
                  {s.lender ? ` · a member's piece: ${s.lender} hands it to us` : ''}
                </p>
                {s.address && <p className="whitespace-pre-line text-stone">{s.address}</p>}
              </div>
              {s.dispatchedAt ? (
                <div className="text-taupe sm:text-right">
                  <p>Dispatched {formatDateTime(s.dispatchedAt, zone)}</p>
                  <SentParcel sendoff={s} back={back} busy={busy} />
                </div>
              ) : (
                <Form method="post" action={paths.opsPreLoved}>
                  <input type="hidden" name="sendoffId" value={s.id} />
                  <input type="hidden" name="back" value={back} />
                  <Button
                    type="submit"
                    disabled={busy}
                    aria-label={`Mark dispatched: ${s.itemName} for ${s.member.name}`}
                  >
                    <Send aria-hidden="true" /> Mark dispatched
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
