import { RotateCcw } from 'lucide-react';
import { Link, data, useParams, useSearchParams } from 'react-router';
import { RENTAL_DAYS, isIsoDate } from '@domain/catalogue.rules';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { CatalogueRatingsNote, RatingSummary } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { getItemQueryOptions, useItem } from '../api/get-item';
import { ItemActions } from '../components/item-actions';
import { ShortlistButton } from '../../shortlists';
import { getFavoritesQueryOptions } from '../../match';
import { ItemGallery } from '../components/item-gallery';
import { CompleteTheLook, SimilarPieces } from '../components/similar-pieces';
import { getSimilarQueryOptions } from '../api/get-similar';
import { getCompleteTheLookQueryOptions } from '../api/get-complete-the-look';
import { ItemLoadError, ItemNotFound } from '../components/item-not-found';
import { itemMeta } from '../lib/item-meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries, queryDataIn } from '../../../lib/page-data';
import { getItemReviewsQueryOptions, ItemReviews } from '../../reviews';
import { GarmentPassport, getItemPassportQueryOptions } from '../../passport';
import { addToCartAction } from '../../rentals';
import { PieceTerms, getPieceTermsQueryOptions } from '../../protection';
import type { Route } from './+types/item';

/** A well-formed item id (an unknown one is the 'Item Not Found' page, answered 404). */
const itemIdOf = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);

// A member's favorites too: Add to Wishlist is drawn as it is (its form posts the right change before the app runs).
const queries =
  (id: number): PageQueries =>
  (queryClient, user) =>
    Promise.all([
      queryClient.ensureQueryData(getItemQueryOptions(id)),
      user ? queryClient.prefetchQuery(getFavoritesQueryOptions()) : null,
      // The garment's passport (decision 0059): drawn on the server too; the page stands without it.
      queryClient.prefetchQuery(getItemPassportQueryOptions(id)),
      // "You may also like" (decision 0065): drawn on the server too; the page stands without it.
      queryClient.prefetchQuery(getSimilarQueryOptions(id)),
      // "Complete the look" (decision 0071): drawn on the server too; the page stands without it.
      queryClient.prefetchQuery(getCompleteTheLookQueryOptions(id)),
      // Its protection and the lender's policy (decision 0064): the page stands without it.
      queryClient.prefetchQuery(getPieceTermsQueryOptions(id)),
      // Its reviews' first page (drawn on the server too, so they are in the document); the page stands without them.
      queryClient.prefetchInfiniteQuery(getItemReviewsQueryOptions(id)),
    ]);

/**
 * The item, before the page is drawn, on the server and in the browser alike: its title and
 * structured data name the piece (meta), so they need it before the page shows.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = itemIdOf(params.id);
  if (id === null) return data(null, { status: 404 });
  return loadPage(context, queries(id));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = itemIdOf(params.id);
  return id === null ? pageNotFound() : clientLoadPage(queries(id));
}

/** POST /item/{id}: Add to Cart's form before the app runs (the rentals feature books it). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = itemIdOf(params.id);
  if (id === null) throw data('No such item.', { status: 404 });
  return addToCartAction(request, context, id);
}

export const meta: Route.MetaFunction = (args) => {
  const id = itemIdOf(args.params.id);
  return itemMeta(args, id === null ? undefined : queryDataIn(args.loaderData, getItemQueryOptions(id).queryKey));
};

/** The rental dates carried from /browse (?from=&to=), when both are dates and in order. */
function datesOf(sp: URLSearchParams): { from: string; to: string } | undefined {
  const from = sp.get('from') ?? undefined;
  const to = sp.get('to') ?? undefined;
  return from && to && isIsoDate(from) && isIsoDate(to) && to > from ? { from, to } : undefined;
}

/** /item/{id}: one piece, with the dates chosen on /browse carried in ?from=&to=. */
export default function Component({ loaderData }: Route.ComponentProps) {
  const { id = '' } = useParams();
  const [sp] = useSearchParams();
  // The server found nothing at this id: the page says so at once (and the answer was 404).
  const valid = /^\d{1,9}$/.test(id) && loaderData?.status !== 404;
  const item = useItem(Number(id), valid);
  const dates = datesOf(sp);

  if (!valid || (item.error instanceof ApiClientError && item.error.status === 404)) return <ItemNotFound />;
  if (item.isError) return <ItemLoadError message={item.error.message} />;
  if (!item.data) return <ItemSkeleton />;
  const it = item.data;

  return (
    <div className="container-page pt-8 pb-24 md:pt-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-xs tracking-wide text-stone">
        <Link
          to={dates ? `${paths.browse}?from=${dates.from}&to=${dates.to}` : paths.browse}
          className="hover:text-ink"
        >
          Browse
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{it.category}</span>
      </nav>
      <div className="grid gap-10 md:grid-cols-2 lg:gap-16">
        <ItemGallery images={it.images} name={it.name} />
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow">{it.brand}</p>
            {it.isNew && <Badge tone="ink">New</Badge>}
            {it.fromMember && <Badge tone="sand">From a member</Badge>}
          </div>
          {it.lenderRating && (
            <p className="mt-2 text-sm text-taupe" data-testid="lender-rating">
              Lent by a member rated{' '}
              <span className="font-medium text-ink">{it.lenderRating.average.toFixed(1)} out of 5</span> by{' '}
              {it.lenderRating.count} {it.lenderRating.count === 1 ? 'renter' : 'renters'}
            </p>
          )}
          <h1 className="mt-3 text-display-lg">{it.name}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-taupe">
            <RatingSummary rating={it.rating} reviewCount={it.reviewCount} />
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span className="inline-flex items-center gap-1">
              <RotateCcw className="size-3.5" aria-hidden="true" />
              Rented {it.rentalCount} times
            </span>
          </div>
          <CatalogueRatingsNote item={it} className="mt-1" />
          <div className="mt-6 flex items-baseline gap-3 border-y border-linen py-5">
            <p className="font-display text-4xl">{formatCents(it.rentalPriceCents)}</p>
            <p className="text-sm text-taupe">for {RENTAL_DAYS} days</p>
            {/* Not struck through: it is what the piece costs new, not a former price of ours. */}
            <p className="ml-auto text-sm text-stone">Retail value {formatCents(it.retailPriceCents)}</p>
          </div>
          <p className="mt-6 leading-relaxed text-taupe">{it.description}</p>
          <div className="mt-8">
            <ItemActions item={it} from={sp.get('from')} to={sp.get('to')} initialSize={sp.get('size')} />
            <PieceTerms itemId={it.id} />
            <ShortlistButton
              itemId={it.id}
              itemName={it.name}
              size="md"
              variant="ghost"
              className="mt-3 px-0 underline-offset-4 hover:bg-transparent hover:underline"
            />
          </div>
          <dl className="mt-10 grid gap-4 border-t border-linen pt-6 text-sm sm:grid-cols-2">
            {it.materials && (
              <div>
                <dt className="eyebrow mb-1.5">Materials</dt>
                <dd className="text-taupe">{it.materials}</dd>
              </div>
            )}
            {it.careInstructions && (
              <div>
                <dt className="eyebrow mb-1.5">Care</dt>
                <dd className="text-taupe">{it.careInstructions}</dd>
              </div>
            )}
          </dl>
        </div>
      </div>
      <GarmentPassport itemId={it.id} />
      <ItemReviews item={it} />
      <CompleteTheLook itemId={it.id} />
      <SimilarPieces itemId={it.id} />
    </div>
  );
}

function ItemSkeleton() {
  return (
    <div className="container-page pt-20 pb-24" role="status" aria-label="Loading item">
      <div className="grid gap-10 md:grid-cols-2 lg:gap-16">
        <Skeleton className="aspect-square w-full" />
        <div className="space-y-4">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-12 w-4/5" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
    </div>
  );
}
