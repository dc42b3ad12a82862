import { Link } from 'react-router';
import { formatCents } from '@domain/money';
import { paths } from '../../../config/paths';
import { usePieceTerms } from '../api/get-piece-terms';

/**
 * What protects a booking of this piece, before she books: damage cover's fee, the deposit held
 * on her card (if the piece asks one), and a member's piece's policy (days, cleaning, Instant
 * Book, the lender's Verified badge). Nothing while it loads or if it cannot: the page stands without it.
 */
export function PieceTerms({ itemId }: { itemId: number }) {
  const { data: t } = usePieceTerms(itemId);
  if (!t) return null;
  return (
    <section aria-label="Protection and terms" className="mt-6 rounded-md border border-linen/80 bg-ivory p-5 text-sm">
      <p className="eyebrow">Protection and terms</p>
      <ul className="mt-3 space-y-1.5 text-taupe">
        <li>
          Damage cover: <span className="text-ink">{formatCents(t.coverFeeCents)}</span> a rental, optional. See the{' '}
          <Link to={paths.damageSchedule} className="text-ink underline underline-offset-4">
            damage and loss schedule
          </Link>
          .
        </li>
        {t.depositCents > 0 && (
          <li>
            Deposit: <span className="text-ink">{formatCents(t.depositCents)}</span> held on your card (not charged),
            released when the piece comes back as it left.
          </li>
        )}
        {t.fromMember && (
          <>
            <li>
              Rented for {t.minDays === t.maxDays ? `${t.minDays}` : `${t.minDays} to ${t.maxDays}`} days.
              {t.lenderVerified && <span className="text-ink"> Lender verified.</span>}
            </li>
            {t.cleaning && <li>Lender’s care note: {t.cleaning}</li>}
            {t.instantBook && (
              <li>
                Instant Book: verified members book at once.{' '}
                <Link to={paths.verification} className="text-ink underline underline-offset-4">
                  Verify your identity
                </Link>
              </li>
            )}
          </>
        )}
      </ul>
    </section>
  );
}
