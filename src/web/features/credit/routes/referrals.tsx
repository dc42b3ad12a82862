import { Sparkles } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCents, formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getReferralQueryOptions, useReferral } from '../api/get-credit';
import type { Route } from './+types/referrals';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getReferralQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Invite a friend · Rentique',
    description: 'Share your link: credit for you both.',
    noindex: true,
  });

const STATUS: Record<string, string> = {
  pending: 'Joined: waiting for her first rental',
  rewarded: 'Rewarded',
  refused: 'Not eligible',
};

/** /referrals (members): her share link and code, and the friends who joined with it. */
export default function Component() {
  const referral = useReferral();
  return (
    <div className="container-page max-w-3xl pb-16">
      <PageHeader eyebrow="Invite a friend" title="Give credit, get credit">
        {referral.data && (
          <p>
            When a friend joins with your link and her first paid rental is sent to her, you both get{' '}
            {formatCents(referral.data.rewardCents)} of store credit. Once per friend, for new members only.
          </p>
        )}
      </PageHeader>
      {referral.isPending ? (
        <Skeleton className="h-40" />
      ) : referral.isError ? (
        <LoadError title="Your invitation could not be loaded" onRetry={() => void referral.refetch()} />
      ) : (
        <>
          <section
            aria-labelledby="share"
            className="space-y-5 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft"
          >
            <h2 id="share" className="eyebrow flex items-center gap-2">
              <Sparkles className="size-4" aria-hidden="true" /> Your invitation
            </h2>
            <Field label="Your link" hint="Copy it into a message to a friend.">
              <Input readOnly value={referral.data.url} data-testid="referral-link" />
            </Field>
            <p className="text-sm text-taupe">
              Or give her your code: <strong data-testid="referral-code">{referral.data.code}</strong>
            </p>
          </section>
          <section aria-labelledby="friends" className="mt-10">
            <h2 id="friends" className="font-display text-2xl">
              Friends who joined
            </h2>
            <div className="mt-4">
              {referral.data.invited.length === 0 ? (
                <EmptyState title="No friends yet">
                  <p>Your link is waiting to be shared.</p>
                </EmptyState>
              ) : (
                <ul className="divide-y divide-linen/80 rounded-md border border-linen/80 bg-ivory">
                  {referral.data.invited.map((f, i) => (
                    <li key={i} className="flex flex-wrap justify-between gap-2 px-5 py-4 text-sm">
                      <span>
                        {f.name} · {formatDate(f.createdAt)}
                      </span>
                      <span className="text-taupe">{STATUS[f.status]}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
