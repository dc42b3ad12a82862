import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useParams } from 'react-router';
import { KEEP_FLOOR_PERCENT, KEEP_MESSAGES, KEEP_START_PERCENT, KEEP_STEP_PERCENT } from '@domain/keep-it.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { apiErrorOf } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';
import { clientLoadPage, loadPage, loginRedirect, pageNotFound, type PageQueries } from '../../../lib/page-data';
import { getRentalQueryOptions, useRental } from '../api/get-rental';
import type { Route } from './+types/keep-it';

const ID = /^\d{1,9}$/;

const queries =
  (id: number): PageQueries =>
  (queryClient) =>
    queryClient.ensureQueryData(getRentalQueryOptions(id));

export function loader({ context, params }: Route.LoaderArgs) {
  return ID.test(params.id) ? loadPage(context, queries(Number(params.id))) : data(null, { status: 404 });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return ID.test(params.id) ? clientLoadPage(queries(Number(params.id))) : pageNotFound();
}

/** What the action answers when nothing was bought: the API's words, and its code (a card to add). */
interface KeepRefused {
  message: string;
  code: string;
}

/**
 * POST /rentals/{id}/keep: Keep it's form, before the app runs and after (decision 0059). Buys
 * through the API in-process as the member (POST /api/rentals/{id}/keep: the same price, card and
 * refusals); bought: the dashboard, where the piece shows as hers; refused: this page with the reason.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  if (!ID.test(params.id)) throw data('No such rental.', { status: 404 });
  const res = await context.apiFetch(
    new Request(new URL(`/api/rentals/${params.id}/keep`, context.origin), { method: 'POST' }),
  );
  if (res.ok) return redirect(`${paths.dashboard}?kept=${params.id}`);
  const error = await apiErrorOf(res);
  return data<KeepRefused>(
    { message: error?.message ?? 'Something went wrong. Please try again.', code: error?.code ?? '' },
    { status: res.status },
  );
}

/**
 * With the app running the same form posts to the server action; her rentals, orders and figures
 * are stale once it bought (the dashboard it goes to reads them afresh).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    // Also when the answer is the redirect to the dashboard.
    await invalidate(browserQueryClient(), invalidationSets.booking);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Keep it · Rentique', description: 'Buy the piece you are renting.', noindex: true });

/** /rentals/{id}/keep (members): the Keep it price of a piece she has, and the form that buys it. */
export default function Component() {
  const { id = '' } = useParams();
  const rental = useRental(Number(id));
  const refused = useActionData<typeof action>() as KeepRefused | undefined;
  const busy = useNavigation().state === 'submitting';

  if (rental.isPending)
    return (
      <div className="container-page max-w-2xl py-16">
        <Skeleton className="h-64" />
      </div>
    );
  if (rental.isError)
    return (
      <div className="container-page max-w-2xl py-16">
        <LoadError title="This rental could not be loaded" onRetry={() => void rental.refetch()} />
      </div>
    );
  const r = rental.data;
  const offer = r.keepOffer;
  return (
    <div className="container-page max-w-2xl py-12 sm:py-16">
      <Link to={paths.dashboard} className="inline-flex items-center gap-2 text-sm text-taupe hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> Your rentals
      </Link>
      <article
        className="mt-6 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft"
        aria-label={`Keep ${r.name}`}
      >
        <div className="flex items-center gap-5">
          <img src={r.imageUrl} alt="" className="size-24 shrink-0 rounded-sm bg-sand object-cover" />
          <div>
            <p className="eyebrow">{r.brand}</p>
            <h1 className="mt-1 font-display text-3xl leading-tight">{r.name}</h1>
            <p className="mt-1 text-sm text-taupe">Size {r.size}</p>
          </div>
        </div>
        {r.kept ? (
          <p className="mt-6 text-lg" data-testid="kept">
            {KEEP_MESSAGES.kept}: bought for {formatCents(r.kept.priceCents)}.
          </p>
        ) : offer ? (
          <>
            <p className="mt-6 text-lg">
              Keep it for <strong data-testid="keep-price">{formatCents(offer.priceCents)}</strong>{' '}
              <span className="text-taupe">
                ({offer.percentOfRetail}% of its {formatCents(offer.retailCents)} retail price)
              </span>
            </p>
            <p className="mt-2 text-sm text-taupe">
              Paid with your card on file. Nothing to send back, and no late fee. A piece costs {KEEP_START_PERCENT}% of
              retail when new to renting, {KEEP_STEP_PERCENT}% less for each earlier rental, never under{' '}
              {KEEP_FLOOR_PERCENT}% nor under its rental price.
            </p>
            {refused && (
              <p role="alert" className="mt-4 rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
                {refused.message}{' '}
                {(refused.code === 'CARD_REQUIRED' || refused.code === 'PAYMENT_DECLINED') && (
                  <Link className="underline" to={paths.creditCardManageFrom(paths.keepIt(r.id))}>
                    Add or change your card
                  </Link>
                )}
              </p>
            )}
            <Form method="post" className="mt-6">
              <Button type="submit" disabled={busy} aria-busy={busy}>
                <ShoppingBag aria-hidden="true" />
                {busy ? 'Buying…' : `Buy it for ${formatCents(offer.priceCents)}`}
              </Button>
            </Form>
          </>
        ) : (
          <EmptyState title="This piece cannot be kept now">
            <p>You can keep a piece once it is sent to you, until we check it back in.</p>
          </EmptyState>
        )}
      </article>
    </div>
  );
}
