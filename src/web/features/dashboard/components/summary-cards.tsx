import { CreditCard, Droplets, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLitres } from '@domain/dashboard.rules';
import { PAY_AS_YOU_GO } from '@domain/plans.rules';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { CardBrandMark, planPriceText, useSubscription } from '../../plans';

function SummaryCard({
  eyebrow,
  icon,
  children,
  footer,
  label,
}: {
  eyebrow: string;
  icon: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  label: string;
}) {
  return (
    <section
      aria-label={label}
      className="flex h-full flex-col rounded-md border border-linen/80 bg-ivory p-6 shadow-soft"
    >
      <div className="flex items-center justify-between">
        <p className="eyebrow">{eyebrow}</p>
        <span className="text-stone">{icon}</span>
      </div>
      <div className="mt-4 flex-1">{children}</div>
      {footer && <div className="mt-5 flex flex-wrap gap-2 border-t border-linen pt-4">{footer}</div>}
    </section>
  );
}

/** Plan, items, price and next billing date, with Manage My Info and Change Plan. */
export function SubscriptionCard() {
  const { data: sub, isPending, isError } = useSubscription();
  return (
    <SummaryCard
      label="Your subscription"
      eyebrow="Your plan"
      icon={<CreditCard className="size-5" aria-hidden="true" />}
      footer={
        <>
          <Button asChild size="sm" variant="outline">
            <Link to={paths.creditCardManage}>Manage My Info</Link>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link to={paths.planSelection}>Change plan</Link>
          </Button>
        </>
      }
    >
      {isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-4 w-48" />
        </div>
      ) : isError ? (
        <p className="text-sm text-taupe">Your plan could not be loaded.</p>
      ) : (
        <>
          <p className="font-display text-4xl leading-none" data-testid="plan-title">
            {sub.planTitle}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-stone">Items</dt>
            <dd data-testid="plan-items">{sub.itemCount === null ? 'Unlimited' : `${sub.itemCount} a month`}</dd>
            <dt className="text-stone">Price</dt>
            <dd data-testid="plan-price">
              {sub.priceCents === null || sub.priceUnit === null
                ? 'Pay per item'
                : planPriceText({ priceCents: sub.priceCents, unit: sub.priceUnit })}
            </dd>
            <dt className="text-stone">Next billing</dt>
            <dd data-testid="next-billing">
              {sub.status === 'pending_payment'
                ? 'Awaiting payment'
                : sub.cancelAt
                  ? `None: ends ${formatDate(sub.cancelAt)}`
                  : sub.status === 'paused' && !sub.nextBillingDate
                    ? 'Paused: update your card'
                    : sub.nextBillingDate
                      ? formatDate(sub.nextBillingDate)
                      : PAY_AS_YOU_GO}
            </dd>
            {sub.card && (
              <>
                <dt className="text-stone">Card</dt>
                <dd className="flex items-center gap-2" data-testid="dashboard-card">
                  <CardBrandMark brand={sub.card.brand} />
                  <span aria-label={`ending in ${sub.card.lastFour}`}>•••• {sub.card.lastFour}</span>
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </SummaryCard>
  );
}

/** Water saved by renting instead of buying: a fixed figure per item times the rentals. */
export function WaterCard({
  litres,
  rentedCount,
  loading,
}: {
  litres: number | undefined;
  rentedCount: number | undefined;
  loading: boolean;
}) {
  return (
    <SummaryCard label="Water saved" eyebrow="Water saved" icon={<Droplets className="size-5" aria-hidden="true" />}>
      {loading || litres === undefined ? (
        <Skeleton className="h-10 w-28" />
      ) : (
        <>
          <p className="font-display text-5xl leading-none" data-testid="water-saved">
            {formatLitres(litres)}
            <span className="ml-1.5 font-sans text-base text-taupe">litres</span>
          </p>
          <p className="mt-3 text-sm text-taupe">
            {rentedCount
              ? `From ${rentedCount} ${rentedCount === 1 ? 'rental' : 'rentals'} instead of new purchases.`
              : 'Every piece you rent instead of buying saves water.'}
          </p>
        </>
      )}
    </SummaryCard>
  );
}

/** What the member has earned by lending her own clothes. */
export function EarningsCard({ cents, loading }: { cents: number | undefined; loading: boolean }) {
  return (
    <SummaryCard label="Your earnings" eyebrow="Earnings" icon={<Wallet className="size-5" aria-hidden="true" />}>
      {loading || cents === undefined ? (
        <Skeleton className="h-10 w-28" />
      ) : (
        <>
          <p className="font-display text-5xl leading-none" data-testid="total-earnings">
            {formatCents(cents)}
          </p>
          <p className="mt-3 text-sm text-taupe">
            Your share of every rental of the pieces you lend, as your Listing tab states for each way to lend.
          </p>
        </>
      )}
    </SummaryCard>
  );
}
