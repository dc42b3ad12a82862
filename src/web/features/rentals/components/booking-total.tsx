import { LENDING_MESSAGES } from '@domain/lending.rules';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCents, formatDate } from '../../../lib/format';
import type { useQuote } from '../api/get-quote';

/**
 * The price and how it is paid. A member's piece is `requested` (its 'Request to book' says when
 * the card is charged, LENDING_MESSAGES.requestRule): the card line names the card only.
 */
export function BookingTotal({
  quote,
  loading,
  failed,
  requested,
}: {
  quote: ReturnType<typeof useQuote>['data'];
  loading: boolean;
  failed: string | null;
  requested: boolean;
}) {
  if (failed) return <p className="text-sm text-danger">{failed}</p>;
  if (!quote)
    return loading ? (
      <Skeleton className="h-9 w-40" />
    ) : (
      <p className="text-sm text-taupe">The total appears once you choose a size.</p>
    );
  // A code's refusal is said at the code's field (PromoCodeField), not here.
  const refusal = quote.refusal?.code.startsWith('PROMO_CODE_') ? null : quote.refusal;
  const discount = quote.includedInPlan ? null : quote.discount;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-sm text-taupe">
          Total for {quote.days} days
          {quote.weeks > 1 ? ` (${quote.weeks} weeks at ${formatCents(quote.weeklyPriceCents)})` : ''}
        </p>
        <p className="font-display text-3xl" data-testid="booking-total">
          {quote.includedInPlan
            ? RENTAL_MESSAGES.includedInPlan
            : formatCents(discount ? quote.chargeCents + quote.creditCents : quote.priceCents)}
        </p>
      </div>
      {discount && (
        <p className="mt-1 flex items-baseline justify-between gap-4 text-sm text-clay" data-testid="booking-discount">
          <span>{discount.label}</span>
          <span className="shrink-0 tabular-nums">
            <s className="mr-2 text-stone">{formatCents(quote.priceCents)}</s>−{formatCents(discount.cents)}
          </span>
        </p>
      )}
      {quote.includedInPlan && quote.plan && (
        <p className="mt-1 text-xs text-stone">
          {quote.plan.title} plan · {quote.plan.remaining} of {quote.plan.allowance} pieces left this month
        </p>
      )}
      {!quote.includedInPlan && !requested && quote.creditCents > 0 && (
        <p className="mt-1 flex items-baseline justify-between gap-4 text-sm text-clay" data-testid="booking-credit">
          <span>Your store credit</span>
          <span className="shrink-0 tabular-nums">−{formatCents(quote.creditCents)}</span>
        </p>
      )}
      {/* Credit that pays it all needs no card (decision 0069). */}
      {!quote.includedInPlan && !requested && quote.creditCents > 0 && quote.chargeCents === 0 ? (
        <p className="mt-1 text-xs text-stone" data-testid="booking-paid-by-credit">
          {quote.card
            ? 'Paid in full with your store credit when you book.'
            : 'Paid in full with your store credit when you book: no card needed.'}
        </p>
      ) : (
        !quote.includedInPlan &&
        quote.card && (
          <p className="mt-1 text-xs text-stone">
            {!requested && quote.creditCents > 0
              ? `${formatCents(quote.chargeCents)} charged to your ${quote.card.brand} ending in ${quote.card.lastFour} when you book.`
              : requested
                ? `Authorised on your ${quote.card.brand} ending in ${quote.card.lastFour} with the request.`
                : `Charged to your ${quote.card.brand} ending in ${quote.card.lastFour} when you book.`}
          </p>
        )
      )}
      {refusal && refusal.code !== 'UNAUTHENTICATED' && refusal.code !== 'ALREADY_RENTED' && (
        <p className="mt-2 text-sm text-clay">
          {refusal.code === 'CARD_REQUIRED'
            ? requested
              ? LENDING_MESSAGES.cardRequired
              : quote.creditCents > 0
                ? RENTAL_MESSAGES.creditShort
                : RENTAL_MESSAGES.cardRequired
            : refusal.code === 'SOLD_OUT' && quote.nextFreeDate
              ? `${RENTAL_MESSAGES.soldOut}: free again from ${formatDate(quote.nextFreeDate)}.`
              : refusal.message}
        </p>
      )}
    </div>
  );
}
