import { Link } from 'react-router';
import { formatCents } from '@domain/money';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useInstantBookEligibility } from '../api/instant-book';
import { usePieceTerms } from '../api/get-piece-terms';

/**
 * Whether the item page offers "Book instantly" (decision 0068): the lender put the piece on
 * Instant Book and she meets its rule (verified, no open report, rated 4 or more or not yet).
 */
export function useInstantBookOffer(itemId: number): boolean {
  const { data: session } = useSession();
  const { data: terms } = usePieceTerms(itemId);
  const { data: eligibility } = useInstantBookEligibility(!!session && !!terms?.instantBook);
  return !!terms?.instantBook && !!eligibility?.eligible;
}

/**
 * Under the request or Instant Book button of a member's piece, before she books (decision 0068):
 * the deposit held on her card with it, whether her identity must be verified first, and whether
 * Instant Book is offered to her (and why not). Nothing while the terms load.
 */
export function BookingTermsNote({ itemId }: { itemId: number }) {
  const { data: session } = useSession();
  const { data: t } = usePieceTerms(itemId);
  const { data: eligibility } = useInstantBookEligibility(!!session && !!t?.instantBook);
  if (!t) return null;
  return (
    <div className="mt-2 space-y-1 text-xs leading-relaxed text-taupe" data-testid="booking-terms-note">
      {t.depositCents > 0 && (
        <p>
          Deposit: <span className="font-medium text-ink">{formatCents(t.depositCents)}</span> held on your card with
          your booking (not charged), released after a clean return; kept in part or in full only for a decided damage
          claim.
        </p>
      )}
      {t.verificationRequired && (
        <p>
          Renting this piece is for verified members.{' '}
          <Link to={paths.verification} className="text-ink underline underline-offset-4">
            Verify your identity
          </Link>
          .
        </p>
      )}
      {t.instantBook &&
        (eligibility?.eligible ? (
          <p>Instant Book: the lender accepts at once, no request to wait for.</p>
        ) : (
          <p data-testid="instant-book-why-not">
            This lender offers Instant Book to verified members with no open problem report and a rating of 4 or more
            {eligibility?.reason ? `: ${eligibility.reason}` : session ? '.' : ': sign in to see if it is open to you.'}
            {eligibility?.reason && /verif/i.test(eligibility.reason) && (
              <>
                {' '}
                <Link to={paths.verification} className="text-ink underline underline-offset-4">
                  Verify your identity
                </Link>
                .
              </>
            )}
          </p>
        ))}
    </div>
  );
}
