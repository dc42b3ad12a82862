import { Gift, Sparkles, Ticket } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getCreditQueryOptions, useCredit } from '../api/get-credit';
import { CreditEntries } from '../components/credit-entries';
import type { Route } from './+types/credit';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getCreditQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Store credit · Rentique',
    description: 'Your store credit and its history.',
    noindex: true,
  });

const LINKS = [
  { to: paths.redeemGiftCard, label: 'Redeem a gift card', Icon: Ticket },
  { to: paths.referrals, label: 'Invite a friend', Icon: Sparkles },
  { to: paths.giftCards, label: 'Give a gift card', Icon: Gift },
];

/** /account/credit (members): her store credit, spent on her next rentals before her card, and its history. */
export default function Component() {
  const credit = useCredit();
  const [params] = useSearchParams();
  const redeemed = Number(params.get('redeemed') ?? 0);
  return (
    <div className="container-page max-w-3xl pb-16">
      <PageHeader eyebrow="Your account" title="Store credit">
        <p>Credit is spent on your next rentals before your card, and given back if a rental is cancelled.</p>
      </PageHeader>
      {redeemed > 0 && (
        <p role="status" className="mb-6 rounded-sm border border-linen bg-ivory px-4 py-3" data-testid="redeemed">
          Gift card redeemed: {formatCents(redeemed)} added to your credit.
        </p>
      )}
      {credit.isPending ? (
        <Skeleton className="h-40" />
      ) : credit.isError ? (
        <LoadError title="Your credit could not be loaded" onRetry={() => void credit.refetch()} />
      ) : (
        <>
          <section aria-labelledby="balance" className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
            <h2 id="balance" className="eyebrow">
              Balance
            </h2>
            <p className="mt-2 font-display text-5xl" data-testid="credit-balance">
              {formatCents(credit.data.balanceCents)}
            </p>
            <ul className="mt-6 flex flex-wrap gap-3">
              {LINKS.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-flex min-h-11 items-center gap-2 rounded-sm border border-linen px-4 text-sm hover:border-ink"
                  >
                    <Icon className="size-4" aria-hidden="true" /> {label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="history" className="mt-10">
            <h2 id="history" className="font-display text-2xl">
              History
            </h2>
            <div className="mt-4">
              {credit.data.entries.length === 0 ? (
                <EmptyState title="No credit yet">
                  <p>Redeem a gift card, or invite a friend: you both get credit after her first rental.</p>
                </EmptyState>
              ) : (
                <CreditEntries entries={credit.data.entries} />
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
