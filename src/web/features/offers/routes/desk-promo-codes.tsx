import { toast } from 'sonner';
import { formatCents, formatDate } from '../../../lib/format';
import type { PromoCode } from '@domain/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage, OpsHeader } from '../../ops';
import { useCreatePromoCode } from '../api/create-promo-code';
import { getPromoCodesQueryOptions, usePromoCodes } from '../api/get-promo-codes';
import { useSetPromoCodeActive } from '../api/set-promo-code-active';
import { PromoCodeForm } from '../components/promo-code-form';
import type { Route } from './+types/desk-promo-codes';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getPromoCodesQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Promo codes');

/** What a code takes off and when, in one line. */
export function codeTerms(c: PromoCode): string {
  const off = c.kind === 'percent' ? `${c.percentOff}% off` : `${formatCents(c.amountOffCents ?? 0)} off`;
  const parts = [
    off,
    c.minSpendCents > 0 ? `from ${formatCents(c.minSpendCents)}` : null,
    c.firstRentalOnly ? 'first rental only' : null,
    c.validFrom ? `from ${formatDate(c.validFrom)}` : null,
    c.validUntil ? `until ${formatDate(c.validUntil)}` : null,
    `${c.uses} of ${c.maxUses ?? 'unlimited'} uses`,
    c.maxUsesPerMember ? `${c.maxUsesPerMember} per member` : 'no limit per member',
  ];
  return parts.filter(Boolean).join(' · ');
}

/** /ops/promo-codes: the desk's promo codes (decision 0056): create one, switch one on or off; both audited. */
export default function Component() {
  const list = usePromoCodes();
  const create = useCreatePromoCode();
  const setActive = useSetPromoCodeActive();
  const codes = list.data?.codes ?? [];
  return (
    <div className="space-y-8">
      <OpsHeader title="Promo codes">
        Codes members type at checkout. A code applies to pieces paid per rental, never with the welcome offer: the
        better of the two applies.
      </OpsHeader>
      <section aria-labelledby="new-code" className="rounded-md border border-linen bg-ivory p-5">
        <h2 id="new-code" className="mb-4 font-display text-xl">
          New code
        </h2>
        <PromoCodeForm
          onCreate={async (input) => {
            const made = await create.mutateAsync(input);
            toast.success(`Code ${made.code} created`);
          }}
        />
      </section>
      <section aria-labelledby="codes">
        <h2 id="codes" className="mb-4 font-display text-xl">
          Codes
        </h2>
        {list.isPending ? (
          <SkeletonRows label="Loading promo codes" count={3} rowClassName="h-16" />
        ) : list.isError ? (
          <LoadError title="The promo codes could not be loaded" onRetry={() => void list.refetch()} />
        ) : codes.length === 0 ? (
          <EmptyState title="No promo code yet">Create one above; members can use it at once.</EmptyState>
        ) : (
          <ul className="divide-y divide-linen rounded-md border border-linen bg-ivory">
            {codes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="promo-code">
                <div className="min-w-0">
                  <p className="font-medium">
                    {c.code} <Badge>{c.active ? 'Active' : 'Off'}</Badge>
                  </p>
                  <p className="text-sm text-taupe">{codeTerms(c)}</p>
                </div>
                <Button
                  variant="subtle"
                  size="sm"
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ id: c.id, active: !c.active })}
                >
                  {c.active ? `Switch ${c.code} off` : `Switch ${c.code} on`}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
