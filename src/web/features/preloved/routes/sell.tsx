import { ArrowLeft, Tag } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { LENDER_SHARE_PERCENT } from '@domain/listings.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { getListingsQueryOptions, useListings } from '../../listings';
import { afterDeskAction, forwardDesk, toCents, type DeskFormResult } from '../lib/desk-forward';
import type { Route } from './+types/sell';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getListingsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

/** POST /pre-loved/sell: her piece into the sale through the API in-process (decision 0066); then the sale. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const cents = toCents(text('price'));
  return forwardDesk(
    context,
    '/api/preloved/mine',
    {
      itemId: Number(text('itemId')) || 0,
      size: text('size'),
      priceCents: Number.isNaN(cents) ? 0 : cents,
      conditionNote: text('conditionNote'),
    },
    paths.preLoved,
  );
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterDeskAction(serverAction);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sell a piece · Rentique',
    description: 'Sell one of your pieces pre-loved.',
    noindex: true,
  });

/** /pre-loved/sell (members): one form per listing of hers, with its size, a price and a condition note. */
export default function Component({ actionData }: Route.ComponentProps) {
  const listings = useListings();
  const result = actionData as DeskFormResult | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="container-page max-w-3xl pb-20">
      <Link to={paths.dashboard} className="mt-8 inline-flex items-center gap-2 text-sm text-taupe hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> Your dashboard
      </Link>
      <PageHeader eyebrow="Pre-loved" title="Sell a piece">
        Put a piece you lend in the pre-loved sale. It stops being rented at once; when it sells you earn{' '}
        {LENDER_SHARE_PERCENT}% of the price, paid out like a rental.
      </PageHeader>
      {result && (
        <p role="alert" className="mb-4 rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
          {result.error}
        </p>
      )}
      {listings.isPending ? (
        <Skeleton className="h-48" />
      ) : listings.isError ? (
        <LoadError title="Your listings could not be loaded" onRetry={() => void listings.refetch()} />
      ) : listings.data.listings.length === 0 ? (
        <EmptyState title="No pieces to sell">
          <p>List a piece first from your dashboard; once approved you may sell it here.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Your pieces">
          {listings.data.listings.map((l) => (
            <li key={l.id} className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft">
              <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label={`Sell ${l.name}`}>
                <h2 className="font-display text-xl sm:col-span-2">
                  {l.name} <span className="text-sm text-stone">{l.brand}</span>
                </h2>
                <input type="hidden" name="itemId" value={l.id} />
                <Field label="Size">
                  <NativeSelect name="size" defaultValue={l.sizes[0]}>
                    {l.sizes.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label="Price ($)">
                  <Input name="price" inputMode="decimal" required />
                </Field>
                <Field label="Condition note" className="sm:col-span-2">
                  <Textarea name="conditionNote" required rows={2} maxLength={500} />
                </Field>
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={busy}>
                    <Tag aria-hidden="true" /> Put it in the sale
                  </Button>
                </div>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
