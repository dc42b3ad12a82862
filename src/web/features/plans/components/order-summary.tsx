import type { ReactNode } from 'react';
import type { Subscription } from '@domain/plans';
import { addMonths, planNextBillingDate, THREE_MONTHS_COMMITMENT_MONTHS } from '@domain/plans.rules';
import { formatDate, useBusinessToday } from '../../../lib/calendar-day';
import { formatCents } from '../../../lib/format';
import { CardBrandMark } from './card-brand';
import { planPriceText } from './plan-price-text';

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-taupe">{label}</dt>
      <dd className="text-right text-sm font-medium text-ink">{value}</dd>
    </div>
  );
}

/** The plan being paid for (or, in manage mode, the plan and the card on file). */
export function OrderSummary({ subscription: s, manage }: { subscription: Subscription; manage: boolean }) {
  // The business's day (decision 0047): the same on the server and in her browser.
  const today = useBusinessToday();
  const price = s.priceCents !== null ? formatCents(s.priceCents) : 'Pay per item';
  // Paid today, next billed at the end of the month or of the term (planTerms' billing months).
  const firstBilling = s.priceCents !== null ? planNextBillingDate(s.plan, today, today) : null;
  return (
    <aside
      aria-labelledby="order-summary"
      className="h-fit rounded-md border border-linen bg-ivory p-6 shadow-soft lg:sticky lg:top-24"
    >
      <p className="eyebrow">{manage ? 'On file' : 'Order summary'}</p>
      <h2 id="order-summary" className="mt-3 text-3xl">
        {s.planTitle} plan
      </h2>
      <dl className="mt-4 divide-y divide-linen/70 border-t border-linen/70">
        <SummaryRow label="Items" value={s.itemCount !== null ? `${s.itemCount} a month` : 'Unlimited'} />
        <SummaryRow
          label="Price"
          value={
            <span data-testid="plan-price">
              {s.priceCents !== null && s.priceUnit !== null
                ? planPriceText({ priceCents: s.priceCents, unit: s.priceUnit })
                : price}
            </span>
          }
        />
        {!manage && s.priceCents !== null && <SummaryRow label="Due today" value={price} />}
        {!manage && firstBilling && (
          <SummaryRow
            label="Next billing date"
            value={<span data-testid="next-billing">{formatDate(firstBilling)}</span>}
          />
        )}
        {!manage && s.plan === 'threemonths' && (
          <SummaryRow label="Commitment until" value={formatDate(addMonths(today, THREE_MONTHS_COMMITMENT_MONTHS))} />
        )}
        {manage && (
          <SummaryRow
            label="Next billing date"
            value={
              <span data-testid="next-billing">
                {s.nextBillingDate ? formatDate(s.nextBillingDate) : 'Pay as you go'}
              </span>
            }
          />
        )}
      </dl>
      {manage && (
        <div className="mt-6 rounded-sm border border-linen/80 bg-paper p-4">
          <p className="text-[0.8rem] font-medium tracking-wide text-taupe">Card on file</p>
          {s.card ? (
            <div className="mt-2 flex items-center gap-3" data-testid="saved-card">
              <CardBrandMark brand={s.card.brand} />
              <div className="text-sm">
                <p className="font-medium">Ending in {s.card.lastFour}</p>
                <p className="text-xs text-stone">
                  {s.card.cardholderName} · expires {s.card.expiryMonth}/{s.card.expiryYear}
                </p>
              </div>
            </div>
          ) : (
            <p className="mt-2 text-sm text-stone">No card saved yet.</p>
          )}
        </div>
      )}
    </aside>
  );
}
