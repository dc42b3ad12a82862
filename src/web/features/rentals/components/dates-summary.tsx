import type { PickupOption } from '@domain/plans.rules';
import { daysBetween, RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { formatCents, formatDate } from '../../../lib/format';
import { useQuote } from '../api/get-quote';
import type { RangeDraft } from '../lib/next-range';

/**
 * Under the booking calendar, before she confirms: the dates her clicks chose, how many days and
 * weeks that is and its total (the same quote as the panel's), what her next click does, and
 * "Use these dates". Nothing is booked here: the panel's button does that.
 */
export function DatesSummary({
  draft,
  itemId,
  size,
  delivery,
  onConfirm,
}: {
  draft: RangeDraft;
  itemId: number;
  size: string;
  delivery: PickupOption;
  onConfirm: () => void;
}) {
  const { from, to } = draft.range;
  const quote = useQuote({ itemId, size, startDate: from, endDate: to, delivery });
  const q = quote.data;
  const days = daysBetween(from, to);
  return (
    <div className="mt-3 max-w-72 border-t border-linen pt-3 text-sm" data-testid="dates-summary">
      <p aria-live="polite">
        <span className="font-medium text-ink">
          {formatDate(from)} – {formatDate(to)}
        </span>
        <span className="text-stone"> · {days} days</span>
        <span className="block text-taupe" data-testid="dates-summary-total">
          {quote.isError
            ? quote.error.message
            : !q
              ? 'Working out the total…'
              : q.includedInPlan
                ? `${RENTAL_MESSAGES.includedInPlan} (${q.weeks} ${q.weeks === 1 ? 'week' : 'weeks'})`
                : `${q.weeks} ${q.weeks === 1 ? 'week' : 'weeks'} · ${formatCents(q.priceCents)}`}
        </span>
      </p>
      <p className="mt-1 text-xs text-stone">
        {draft.awaitingEnd
          ? 'Starts on the day you picked. Pick the day it goes back to change the length.'
          : 'Pick another day to start again.'}
      </p>
      <Button size="sm" className="mt-3 w-full" onClick={onConfirm}>
        Use these dates
      </Button>
    </div>
  );
}
