import { Link } from 'react-router';
import { GIFT_CARD_AMOUNTS_CENTS, giftMonthPriceCents, type GiftCard } from '@domain/credit';
import { MONTHLY_DEFAULT_ITEMS, MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS } from '@domain/plans.rules';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatCents, formatDate } from '../../../lib/format';

/*
 * What /gift-cards offers (decisions 0063 and 0069): an amount that becomes store credit, or a
 * month of Monthly with the pieces a month she chooses. The choice is two links (the page's
 * address says which), so it works before the page's script has loaded.
 */

export type GiftChoice = 'amount' | 'month';

const option =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border border-linen px-4 has-[:checked]:border-ink';

/** "A gift card" or "A month of Monthly": links to the page with its form. */
export function GiftKindNav({ chosen }: { chosen: GiftChoice }) {
  const tabs: { kind: GiftChoice; label: string; to: string }[] = [
    { kind: 'amount', label: 'A gift card', to: paths.giftCards },
    { kind: 'month', label: 'A month of Monthly', to: `${paths.giftCards}?gift=month` },
  ];
  return (
    <nav aria-label="What to give" className="mb-6 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.kind}
          to={t.to}
          aria-current={chosen === t.kind ? 'page' : undefined}
          className={cn(
            'inline-flex min-h-11 items-center rounded-sm border px-4 text-sm',
            chosen === t.kind ? 'border-ink bg-ink text-ivory' : 'border-linen hover:border-ink',
          )}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** The gift card's amounts. */
export function AmountChoice() {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Amount</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {GIFT_CARD_AMOUNTS_CENTS.map((cents, i) => (
          <label key={cents} className={option}>
            <input type="radio" name="amountCents" value={cents} defaultChecked={i === 1} required />
            {formatCents(cents)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The gift month's pieces a month, each with the month's price. */
export function MonthChoice({ error }: { error?: string | undefined }) {
  const counts = Array.from({ length: MONTHLY_MAX_ITEMS - MONTHLY_MIN_ITEMS + 1 }, (_, i) => MONTHLY_MIN_ITEMS + i);
  return (
    <fieldset aria-describedby="month-rule">
      <legend className="text-sm font-medium">Pieces a month</legend>
      <p id="month-rule" className="mt-1 text-xs text-stone">
        A month of Monthly, nothing for her to pay. With no plan, Monthly starts the day she redeems it and ends a month
        later unless she keeps it; with a plan, her next billing date moves a month later.
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {counts.map((n) => (
          <label key={n} className={option}>
            <input type="radio" name="itemCount" value={n} defaultChecked={n === MONTHLY_DEFAULT_ITEMS} required />
            {n} pieces · {formatCents(giftMonthPriceCents(n))}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One gift she has given, as the list says it. */
export function giftLine(c: GiftCard): { what: string; state: string } {
  const what = c.planMonth
    ? `A month of ${c.planMonth.planTitle} (${c.planMonth.itemCount} pieces, ${formatCents(c.amountCents)}) for ${c.recipientName} (${c.recipientEmail})`
    : `${formatCents(c.amountCents)} for ${c.recipientName} (${c.recipientEmail})`;
  const state =
    c.status === 'failed'
      ? 'Payment declined'
      : c.redeemedAt
        ? 'Redeemed'
        : c.sentAt
          ? `Sent ${formatDate(c.sentAt)}`
          : `To be sent ${formatDate(c.sendOn)}`;
  return { what, state };
}
