import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LISTING_MESSAGES } from '@domain/listings.rules';
import { paths } from '../../../config/paths';
import { useVerification } from '../api/get-verification';

/**
 * On her Listing tab (decision 0068): lending is for verified members, so until she is verified
 * the tab says so and links to /account/verification (a listing sent before is refused with the
 * same sentence). Nothing once she is verified, or while it loads.
 */
export function LendVerificationNotice() {
  const { data } = useVerification();
  if (!data || data.verified) return null;
  return (
    <div
      role="note"
      className="mb-6 flex items-start gap-3 rounded-md border border-linen bg-ivory p-4 text-sm"
      data-testid="lend-verification"
    >
      <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="text-taupe">
        {LISTING_MESSAGES.verifyToLend}{' '}
        <Link to={paths.verification} className="font-medium text-ink underline underline-offset-4">
          Verify your identity
        </Link>
        .
      </p>
    </div>
  );
}
