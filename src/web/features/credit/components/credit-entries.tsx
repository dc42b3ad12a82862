import type { CreditEntry } from '@domain/credit';
import { formatCents, formatDate } from '../../../lib/format';

const KIND_LABELS: Record<CreditEntry['kind'], string> = {
  goodwill: 'From Rentique',
  refund: 'Refund',
  referral: 'Referral reward',
  gift_card: 'Gift card',
  spend: 'Spent on a rental',
  spend_returned: 'Given back',
};

/** Her credit's history, newest first: what moved, why, and the balance after it. */
export function CreditEntries({ entries }: { entries: CreditEntry[] }) {
  return (
    <ol className="divide-y divide-linen/80 rounded-md border border-linen/80 bg-ivory" aria-label="Credit history">
      {entries.map((e) => (
        <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 px-5 py-4">
          <div className="min-w-0">
            <p className="font-medium">{KIND_LABELS[e.kind]}</p>
            <p className="text-sm text-taupe">
              {e.description} · {formatDate(e.createdAt.slice(0, 10))}
            </p>
          </div>
          <div className="text-right tabular-nums">
            <p className={e.amountCents > 0 ? 'text-ink' : 'text-clay'}>
              {e.amountCents > 0 ? '+' : '−'}
              {formatCents(Math.abs(e.amountCents))}
            </p>
            <p className="text-xs text-stone">Balance {formatCents(e.balanceAfterCents)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
