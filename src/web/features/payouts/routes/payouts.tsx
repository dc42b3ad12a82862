import { Download, Landmark, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { COMMISSION_TEXT, EARNINGS_CLEAR_DAYS, PAYOUT_MESSAGES, type Statement } from '@domain/payouts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatCents, formatInstantDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getClaimableQueryOptions, getClaimsQueryOptions, LenderClaims } from '../../claims';
import { getStatementQueryOptions, useStatement } from '../api/get-statement';
import { useRequestPayout } from '../api/request-payout';
import { PayoutAccountForm } from '../components/payout-account-form';
import type { Route } from './+types/payouts';

const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.ensureQueryData(getStatementQueryOptions()),
    queryClient.prefetchQuery(getClaimableQueryOptions()),
    queryClient.prefetchQuery(getClaimsQueryOptions()),
  ]);

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Payouts & statement · Rentique',
    description: 'What you have earned lending your pieces, your payouts and your statement.',
    noindex: true,
  });

/** /lending/payouts (members): her balance, payout account, payouts, damage claims and statement with a CSV export. */
export default function Component() {
  const statement = useStatement();
  return (
    <div className="container-page max-w-5xl pb-24">
      <PageHeader eyebrow="Lending" title="Payouts & statement">
        {COMMISSION_TEXT} Earnings become available {EARNINGS_CLEAR_DAYS} days after a piece comes back, unless you have
        opened a damage claim on that rental.
      </PageHeader>
      {statement.isPending ? (
        <div className="space-y-5" aria-busy="true" aria-label="Loading your statement">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : statement.isError ? (
        <LoadError title="We couldn't load your statement" onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <Balances statement={statement.data} />
          <LenderClaims />
          <StatementTable statement={statement.data} />
        </>
      )}
    </div>
  );
}

function Balances({ statement: s }: { statement: Statement }) {
  const payout = useRequestPayout();
  const [editing, setEditing] = useState(false);
  const canPay = s.availableCents > 0 && s.account !== null;
  return (
    <section aria-labelledby="balance-title" className="grid gap-5 lg:grid-cols-[1.4fr_1fr]">
      <div className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft md:p-8">
        <h2 id="balance-title" className="eyebrow flex items-center gap-2">
          <Wallet className="size-4" aria-hidden="true" /> Available to pay out
        </h2>
        <p className="mt-3 font-display text-5xl leading-none" data-testid="available-balance">
          {formatCents(s.availableCents)}
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-stone">Clearing or held</dt>
            <dd className="mt-0.5 font-medium">{formatCents(s.pendingCents)}</dd>
          </div>
          <div>
            <dt className="text-stone">Paid out so far</dt>
            <dd className="mt-0.5 font-medium">{formatCents(s.paidOutCents)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            size="lg"
            disabled={!canPay || payout.isPending}
            onClick={() =>
              payout.mutateAsync().then(
                (p) =>
                  p.status === 'failed'
                    ? toast.error(PAYOUT_MESSAGES.failed)
                    : toast.success(PAYOUT_MESSAGES.requested, {
                        description: `${formatCents(p.amountCents)} to ${p.holderName} ···· ${p.lastFour}.`,
                      }),
                alreadyShown,
              )
            }
          >
            {payout.isPending
              ? 'Paying out…'
              : s.availableCents > 0
                ? `Pay out ${formatCents(s.availableCents)}`
                : 'Nothing to pay out yet'}
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="/api/payouts/statement.csv" download>
              <Download aria-hidden="true" /> Statement (CSV)
            </a>
          </Button>
        </div>
        {!s.account && s.availableCents > 0 && (
          <p className="mt-3 text-sm text-clay-dark">{PAYOUT_MESSAGES.accountRequired}.</p>
        )}
      </div>
      <div id="account" className="rounded-md border border-linen/80 bg-paper p-6 md:p-8">
        <h2 className="eyebrow flex items-center gap-2">
          <Landmark className="size-4" aria-hidden="true" /> Payout account
        </h2>
        {s.account ? (
          <>
            <p className="mt-3 text-lg font-medium" data-testid="payout-account">
              {s.account.holderName} <span className="text-taupe">···· {s.account.lastFour}</span>
            </p>
            <p className="mt-1 text-sm text-stone">Only the holder’s name and the last four digits are kept.</p>
          </>
        ) : (
          <p className="mt-3 text-sm text-taupe">Add the US bank account your earnings are paid to.</p>
        )}
        <Button className="mt-5" variant={s.account ? 'subtle' : 'primary'} onClick={() => setEditing(true)}>
          {s.account ? 'Change account' : 'Add bank account'}
        </Button>
      </div>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent
          title="Payout account"
          description="Your earnings are paid to this account. The account number goes to our payment provider; we keep only its last four digits."
        >
          {editing && <PayoutAccountForm onDone={() => setEditing(false)} />}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function StatementTable({ statement: s }: { statement: Statement }) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="statement-title" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="statement-title" className="font-display text-3xl">
          Statement
        </h2>
        <p className="text-sm text-stone">
          Commission {s.commissionPercent}% · your share {s.sharePercent}%
        </p>
      </div>
      {s.lines.length === 0 ? (
        <EmptyState title="Nothing yet" className="mt-5">
          When members rent the pieces you lend, each rental appears here with its price, our commission and your share.{' '}
          <Link to={`${paths.dashboard}?tab=listing`} className="underline underline-offset-4">
            Your listings
          </Link>
        </EmptyState>
      ) : (
        <div className="mt-5 overflow-x-auto rounded-md border border-linen/80 bg-ivory">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Every earning, commission, claim credit and payout, newest first</caption>
            <thead className="border-b border-linen text-xs tracking-wide text-stone uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Description
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Commission
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Net
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l, i) => (
                <tr key={`${l.kind}-${l.date}-${i}`} className="border-b border-linen/60 last:border-0">
                  <td className="px-4 py-3 whitespace-nowrap">{formatInstantDate(l.date, timeZone)}</td>
                  <td className="px-4 py-3">{l.description}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatCents(l.grossCents)}</td>
                  <td className="px-4 py-3 text-right text-stone tabular-nums">
                    {l.feeCents ? `−${formatCents(l.feeCents)}` : '—'}
                  </td>
                  <td className={`px-4 py-3 text-right font-medium tabular-nums ${l.netCents < 0 ? 'text-taupe' : ''}`}>
                    {formatCents(l.netCents)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {l.status}
                    {l.status === 'Clearing' && l.availableFrom && (
                      <span className="block text-xs text-stone">
                        from {formatInstantDate(l.availableFrom, timeZone)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
