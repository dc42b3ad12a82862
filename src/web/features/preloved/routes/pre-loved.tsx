import { Recycle } from 'lucide-react';
import { Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { PRELOVED_MESSAGES } from '@domain/preloved';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { apiErrorOf } from '../../../lib/api-client';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { PieceCard } from '../components/piece-card';
import { getPreLovedQueryOptions, usePreLoved } from '../api/get-preloved';
import type { Route } from './+types/pre-loved';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getPreLovedQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

interface BuyRefused {
  pieceId: number;
  message: string;
  code: string;
}

/**
 * POST /pre-loved: a piece's Buy form, before the app runs and after (decision 0066). Buys through
 * the API in-process as the member (POST /api/preloved/{id}/buy); bought: her order's receipt;
 * refused (sold meanwhile, no card, no address): this page with the reason on the piece.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url);
  const pieceId = Number((await request.formData()).get('pieceId'));
  if (!Number.isInteger(pieceId) || pieceId <= 0) throw data('No such piece.', { status: 404 });
  const res = await context.apiFetch(
    new Request(new URL(`/api/preloved/${pieceId}/buy`, context.origin), { method: 'POST' }),
  );
  if (res.ok) {
    const bought = (await res.json()) as { orderNumber: string };
    return redirect(`${paths.order(bought.orderNumber)}?bought=1`);
  }
  const error = await apiErrorOf(res);
  const code = error?.code ?? '';
  const message =
    code === 'CARD_REQUIRED'
      ? 'Add a card to buy this piece.'
      : code === 'ADDRESS_REQUIRED'
        ? 'Add your delivery address to buy this piece.'
        : (error?.message ?? 'Something went wrong. Please try again.');
  return data<BuyRefused>({ pieceId, message, code }, { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await invalidate(browserQueryClient(), [...invalidationSets.booking, queryKeys.preloved.all]);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pre-loved · Rentique',
    description: 'Designer pieces retired from renting, and members’ own pieces, to buy and keep.',
  });

/** /pre-loved: the pre-loved sale (decision 0066). */
export default function Component() {
  const sale = usePreLoved();
  const session = useSession();
  const refused = useActionData<typeof action>() as BuyRefused | undefined;
  const nav = useNavigation();
  const busyId = nav.state === 'submitting' ? Number(nav.formData?.get('pieceId')) : null;
  return (
    <div className="container-page pb-20">
      <PageHeader eyebrow="Pre-loved" title="The pre-loved sale">
        Pieces retired from our rental wardrobe, and members’ own pieces, each described as it is. Buy one outright: it
        is yours to keep, sent to your delivery address.
      </PageHeader>
      {sale.isPending ? (
        <div
          role="status"
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading the sale"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96" />
          ))}
        </div>
      ) : sale.isError ? (
        <LoadError title="The sale could not be loaded" onRetry={() => void sale.refetch()} />
      ) : sale.data.pieces.length === 0 ? (
        <EmptyState title={PRELOVED_MESSAGES.empty} icon={<Recycle className="size-8" aria-hidden="true" />}>
          <p>{PRELOVED_MESSAGES.emptyBody}</p>
          <p className="mt-3">
            <Link to={paths.browse} className="underline">
              Rent from the collection
            </Link>
          </p>
        </EmptyState>
      ) : (
        <>
          {refused?.code === 'CARD_REQUIRED' || refused?.code === 'PAYMENT_DECLINED' ? (
            <p className="mb-4 text-sm">
              <Link className="underline" to={paths.creditCardManageFrom(paths.preLoved)}>
                Add or change your card
              </Link>
            </p>
          ) : refused?.code === 'ADDRESS_REQUIRED' ? (
            <p className="mb-4 text-sm">
              <Link className="underline" to={paths.accountAddresses}>
                Add your delivery address
              </Link>
            </p>
          ) : null}
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Pieces in the sale">
            {sale.data.pieces.map((p) => (
              <li key={p.id} className="flex">
                <PieceCard
                  piece={p}
                  signedIn={!!session.data}
                  busy={busyId === p.id}
                  refusal={refused?.pieceId === p.id ? refused.message : null}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
