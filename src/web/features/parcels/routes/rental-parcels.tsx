import { ArrowLeft, PackageOpen } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useParams } from 'react-router';
import type { Parcel } from '@domain/parcels';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { apiErrorOf } from '../../../lib/api-client';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { clientLoadPage, loadPage, loginRedirect, pageNotFound, type PageQueries } from '../../../lib/page-data';
import { getRentalsQueryOptions, useRentals } from '../../rentals';
import { getParcelsQueryOptions, parcelsQueryKey, useParcels } from '../api/get-parcels';
import { ParcelTracking } from '../components/parcel-tracking';
import type { Route } from './+types/rental-parcels';

const ID = /^\d{1,9}$/;

const queries =
  (id: number): PageQueries =>
  async (queryClient) => {
    await Promise.all([
      queryClient.ensureQueryData(getParcelsQueryOptions({ rentalId: id })),
      queryClient.ensureQueryData(getRentalsQueryOptions()),
    ]);
  };

export function loader({ context, params }: Route.LoaderArgs) {
  return ID.test(params.id) ? loadPage(context, queries(Number(params.id))) : data(null, { status: 404 });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return ID.test(params.id) ? clientLoadPage(queries(Number(params.id))) : pageNotFound();
}

/**
 * POST /rentals/{id}/parcels: 'Get a return label' for the pieces ticked (this one and any she
 * sends with it), before the app runs and after: the API in-process as her; the page again, now
 * with the return parcel's label, or the refusal in the API's words.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  if (!ID.test(params.id)) throw data('No such rental.', { status: 404 });
  const form = await request.formData();
  const rentalIds = form
    .getAll('rentalId')
    .map(String)
    .filter((v) => ID.test(v))
    .map(Number);
  const res = await context.apiFetch(
    new Request(new URL('/api/parcels/returns', context.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rentalIds: rentalIds.length ? rentalIds : [Number(params.id)] }),
    }),
  );
  if (res.ok) return redirect(`${paths.rentalParcels(params.id)}?label=1`);
  const error = await apiErrorOf(res);
  return data({ message: error?.message ?? 'Something went wrong. Please try again.' }, { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await browserQueryClient().invalidateQueries({ queryKey: parcelsQueryKey });
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Delivery and return · Rentique',
    description: 'Follow your parcel and get a return label.',
    noindex: true,
  });

function hasReturn(parcels: Parcel[]): boolean {
  return parcels.some((p) => p.kind === 'return');
}

/** /rentals/{id}/parcels (members): the rental's parcels with their tracking, and the return label. */
export default function Component() {
  const { id = '' } = useParams();
  const rentalId = Number(id);
  const parcels = useParcels({ rentalId });
  const rentals = useRentals();
  const refused = useActionData<typeof action>() as { message: string } | undefined;
  const busy = useNavigation().state === 'submitting';

  if (parcels.isPending || rentals.isPending)
    return (
      <div className="container-page max-w-3xl py-16" role="status" aria-label="Loading your parcels">
        <Skeleton className="h-64" />
      </div>
    );
  if (parcels.isError || rentals.isError)
    return (
      <div className="container-page max-w-3xl py-16">
        <LoadError title="Your parcels could not be loaded" onRetry={() => void parcels.refetch()} />
      </div>
    );
  const list = parcels.data.parcels;
  const mine = rentals.data.rentals;
  const rental = mine.find((r) => r.id === rentalId);
  // Pieces she has by courier, not sent back: those a return label can take with this one.
  const returnable = mine.filter(
    (r) => r.handoff === 'delivery' && r.dispatchedAt && !r.returnedAt && !r.checkedInAt && r.status !== 'kept',
  );
  const canReturn = !hasReturn(list) && returnable.some((r) => r.id === rentalId);

  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <Link to={paths.dashboard} className="inline-flex items-center gap-2 text-sm text-taupe hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> Your rentals
      </Link>
      <h1 className="mt-6 text-display-md">Delivery and return</h1>
      {rental && (
        <p className="mt-2 text-taupe">
          {rental.brand} · {rental.name} · size {rental.size}
        </p>
      )}
      <div className="mt-8 space-y-6">
        {list.length === 0 ? (
          <EmptyState title="Not sent yet">
            <p>Once the atelier packs this piece, its parcel and tracking show here.</p>
          </EmptyState>
        ) : (
          list.map((p) => <ParcelTracking key={p.id} parcel={p} />)
        )}
      </div>
      {canReturn && (
        <section aria-labelledby="return-title" className="mt-10 rounded-md border border-linen bg-paper p-6">
          <h2 id="return-title" className="font-display text-2xl">
            Send it back
          </h2>
          <p className="mt-2 text-sm text-taupe">
            One label for everything you send back together. The late-fee clock stops at the carrier’s first scan.
          </p>
          {refused && (
            <p role="alert" className="mt-4 rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
              {refused.message}
            </p>
          )}
          <Form method="post" className="mt-4">
            <fieldset>
              <legend className="text-sm font-medium">Pieces in this parcel</legend>
              <ul className="mt-2 space-y-2">
                {returnable.map((r) => (
                  <li key={r.id}>
                    <label className="flex items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        name="rentalId"
                        value={r.id}
                        defaultChecked={r.id === rentalId}
                        className="size-4 accent-ink"
                      />
                      {r.brand} · {r.name} · size {r.size}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <Button type="submit" className="mt-5" disabled={busy} aria-busy={busy}>
              <PackageOpen aria-hidden="true" />
              {busy ? 'Making your label…' : 'Get a return label'}
            </Button>
          </Form>
        </section>
      )}
    </div>
  );
}
