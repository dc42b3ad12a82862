import { Link } from 'react-router';
import { formatCents } from '@domain/money';
import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_TEXT } from '@domain/lender-policies.rules';
import { paths } from '../../../config/paths';
import { usePieceTerms } from '../api/get-piece-terms';

/**
 * What protects a booking of this piece, before she books. Only what the product keeps
 * (decisions 0064, 0067 and 0068): damage cover's fee and where she adds it (her Renting tab, until
 * the piece is sent); damage charged per the published schedule, never more than the piece is
 * worth; a member's piece's days (its lender's minimum and maximum, which bind every request), its
 * deposit (held with the request or Instant Book, released after a clean return, kept only through
 * a decided claim), Instant Book, whether renting it asks a verified identity, the care note and
 * Verified badge; its cancellation policy, notice, longer-rental discount and the lender's
 * cancellations. Nothing while it loads or if it cannot: the page stands without it.
 */
export function PieceTerms({ itemId }: { itemId: number }) {
  const { data: t } = usePieceTerms(itemId);
  if (!t) return null;
  return (
    <section aria-label="Protection and terms" className="mt-6 rounded-md border border-linen/80 bg-ivory p-5 text-sm">
      <p className="eyebrow">Protection and terms</p>
      <ul className="mt-3 space-y-1.5 text-taupe">
        <li>
          Damage cover: <span className="text-ink">{formatCents(t.coverFeeCents)}</span> a rental, optional. Add it from
          the{' '}
          <Link to={`${paths.dashboard}?tab=renting`} className="text-ink underline underline-offset-4">
            Renting tab of your dashboard
          </Link>{' '}
          until the piece is sent. Damage is charged per our{' '}
          <Link to={paths.damageSchedule} className="text-ink underline underline-offset-4">
            damage and loss schedule
          </Link>
          , never more than the piece is worth.
        </li>
        {t.fromMember && (
          <>
            <li>
              Rented for {t.minDays === t.maxDays ? `${t.minDays}` : `${t.minDays} to ${t.maxDays}`} days: a request for
              more or fewer is refused.
              {t.lenderVerified && <span className="text-ink"> Lender verified.</span>}
            </li>
            {t.depositCents > 0 && (
              <li>
                Deposit: <span className="text-ink">{formatCents(t.depositCents)}</span> held on your card with your
                request (not charged), released after a clean return, kept in part or in full only for a decided damage
                claim.
              </li>
            )}
            {t.instantBook && (
              <li>Instant Book: verified members with no open problem report, rated 4 or more, book at once.</li>
            )}
            {t.verificationRequired && (
              <li>
                For verified members only:{' '}
                <Link to={paths.verification} className="text-ink underline underline-offset-4">
                  verify your identity
                </Link>{' '}
                to rent it.
              </li>
            )}
            {t.cleaning && <li>Lender’s care note: {t.cleaning}</li>}
            <LenderPolicyLines terms={t} />
          </>
        )}
      </ul>
    </section>
  );
}

/** The lender's policies (decision 0067): what a cancellation gives back, notice, the longer-rental discount, her record. */
function LenderPolicyLines({ terms: t }: { terms: NonNullable<ReturnType<typeof usePieceTerms>['data']> }) {
  return (
    <>
      <li data-testid="cancellation-policy">
        Cancellation: <span className="text-ink">{CANCELLATION_POLICY_LABELS[t.cancellationPolicy]}</span>.{' '}
        {CANCELLATION_POLICY_TEXT[t.cancellationPolicy]} If the lender cancels, you are refunded in full.
      </li>
      {t.noticeDays > 0 && (
        <li>
          Request at least {t.noticeDays} {t.noticeDays === 1 ? 'day' : 'days'} before the start.
        </li>
      )}
      {t.longDiscountPercent > 0 && (
        <li>
          Longer rentals: <span className="text-ink">{t.longDiscountPercent}% off</span> {t.longRentalDays} days or
          more.
        </li>
      )}
      {t.lenderCancellations > 0 && (
        <li>
          This lender cancelled {t.lenderCancellations} accepted {t.lenderCancellations === 1 ? 'rental' : 'rentals'} in
          the last 90 days.
        </li>
      )}
    </>
  );
}
