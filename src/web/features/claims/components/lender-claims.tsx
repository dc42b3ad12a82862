import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { CLAIM_STATUS_LABELS, CLAIM_WINDOW_HOURS, type Claim, type ClaimableRental } from '@domain/claims';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatCents, formatDateTime, formatInstantDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { useClaimable, useClaims } from '../api/get-claims';
import { ClaimForm } from './claim-form';

/**
 * The lender's damage claims on her payouts page: the pieces back within the claim window with
 * 'Report damage', and the claims she opened with their status and the team's note. Nothing
 * when she has neither.
 */
export function LenderClaims() {
  const claimable = useClaimable();
  const claims = useClaims();
  const timeZone = useTimeZone();
  const [claiming, setClaiming] = useState<ClaimableRental | null>(null);
  const open = claimable.data?.rentals ?? [];
  const mine = claims.data?.claims ?? [];
  // Kept while her claim is on its way: the lists refresh one after the other after it is sent.
  if (open.length === 0 && mine.length === 0 && !claiming) return null;
  return (
    <section aria-labelledby="claims-title" className="mt-12">
      <h2 id="claims-title" className="font-display text-3xl">
        Damage claims
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-taupe">
        If a piece comes back damaged, tell us within {CLAIM_WINDOW_HOURS} hours of its return, with photos. Our team
        decides; an upheld claim is charged to the renter and paid to you.
      </p>
      {open.length > 0 && (
        <ul className="mt-5 space-y-3" aria-label="Pieces you can still claim on">
          {open.map((r) => (
            <li
              key={r.rentalId}
              className="flex flex-col gap-3 rounded-md border border-linen/80 bg-ivory p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-medium">{r.itemName}</p>
                <p className="text-sm text-stone">
                  Back {formatInstantDate(r.returnedAt, timeZone)} · claim until{' '}
                  {formatDateTime(r.claimUntil, timeZone, { year: false })}
                </p>
              </div>
              <Button variant="subtle" onClick={() => setClaiming(r)} aria-label={`Report damage to ${r.itemName}`}>
                <ShieldAlert aria-hidden="true" /> Report damage
              </Button>
            </li>
          ))}
        </ul>
      )}
      {mine.length > 0 && (
        <ul className="mt-5 space-y-3" aria-label="Your claims">
          {mine.map((c) => (
            <ClaimRow key={c.id} claim={c} />
          ))}
        </ul>
      )}
      <Dialog open={!!claiming} onOpenChange={(o) => !o && setClaiming(null)}>
        <DialogContent
          title={claiming ? `Report damage: ${claiming.itemName}` : 'Report damage'}
          description="Our team looks at your photos and the renter’s side, and decides within two working days."
        >
          {claiming && <ClaimForm rental={claiming} onDone={() => setClaiming(null)} />}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ClaimRow({ claim: c }: { claim: Claim }) {
  const tone = c.status === 'upheld' ? 'success' : c.status === 'rejected' ? 'outline' : 'clay';
  return (
    <li className="rounded-md border border-linen/80 bg-paper p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {c.itemName} · {formatCents(c.amountCents)}
        </p>
        <Badge tone={tone}>{CLAIM_STATUS_LABELS[c.status]}</Badge>
      </div>
      <p className="mt-1 text-sm text-taupe">{c.description}</p>
      {c.note && <p className="mt-2 text-sm">Our team: {c.note}</p>}
    </li>
  );
}
