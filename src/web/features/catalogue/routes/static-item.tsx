import { ArrowLeft, Heart, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link, data, useNavigate, useParams } from 'react-router';
import type { CatalogueItem } from '@domain/catalogue';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { CatalogueRatingsNote, RatingSummary } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/use-hydrated';
import { FavoriteButton } from '../../match';
import { BookingPanel } from '../../rentals';
import { formatCents } from '../../../lib/format';
import { NotFound } from '../../shell';
import { getItemBySlugQueryOptions, useItemBySlug } from '../api/get-item-by-slug';
import { shareItem } from '../components/item-actions';
import { ItemGallery } from '../components/item-gallery';
import { ItemLoadError } from '../components/item-not-found';
import { itemMeta } from '../lib/item-meta';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries, queryDataIn } from '../../../lib/page-data';
import type { Route } from './+types/static-item';

const validSlug = (slug: string | undefined): slug is string => !!slug && /^[a-z0-9-]{1,120}$/.test(slug);

/** The item, before the page is drawn, on the server and in the browser (its title and structured data name it); any other slug is the 404 screen, answered 404. */
const queries =
  (slug: string): PageQueries =>
  (queryClient) =>
    queryClient.ensureQueryData(getItemBySlugQueryOptions(slug));

export async function loader({ context, params }: Route.LoaderArgs) {
  const { slug } = params;
  return validSlug(slug) ? loadPage(context, queries(slug)) : data(null, { status: 404 });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { slug } = params;
  return validSlug(slug) ? clientLoadPage(queries(slug)) : pageNotFound();
}

export const meta: Route.MetaFunction = (args) => {
  const { slug } = args.params;
  const item = validSlug(slug) ? queryDataIn(args.loaderData, getItemBySlugQueryOptions(slug).queryKey) : undefined;
  return item
    ? itemMeta(args, item)
    : pageMeta(args, {
        title: 'Page not found · Rentique',
        description: 'This page does not exist at Rentique.',
        noindex: true,
      });
};

/** /items/{slug}: the ten static hoodie pages (docs/product.md, Catalogue and availability), drawn from the same catalogue; any other slug is the 404 screen. */
export default function Component({ loaderData }: Route.ComponentProps) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const valid = validSlug(slug) && loaderData?.status !== 404;
  const item = useItemBySlug(slug, valid);

  if (!valid || (item.error instanceof ApiClientError && item.error.status === 404)) return <NotFound />;
  if (item.isError) return <ItemLoadError message={item.error.message} />;
  const it = item.data;

  return (
    <div className="container-page pt-8 pb-24">
      <Button variant="ghost" size="sm" className="-ml-3 mb-6" onClick={() => void navigate(-1)}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      {!it ? (
        <div className="grid gap-10 md:grid-cols-2" role="status" aria-label="Loading item">
          <Skeleton className="aspect-square w-full" />
          <div className="space-y-4">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-12 w-4/5" />
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      ) : (
        <>
          <div className="grid gap-10 md:grid-cols-2 lg:gap-16">
            <ItemGallery images={it.images} name={it.name} />
            <div>
              <div className="flex items-center gap-2">
                <Badge tone="outline">{it.brand}</Badge>
                {it.isNew && <Badge tone="ink">New</Badge>}
              </div>
              <h1 className="mt-4 text-display-lg">{it.name}</h1>
              <div className="mt-4 flex items-center gap-2 text-sm text-taupe">
                <RatingSummary rating={it.rating} reviewCount={it.reviewCount} />
              </div>
              <CatalogueRatingsNote item={it} className="mt-1" />
              <p className="mt-6">
                <span className="font-display text-4xl">{formatCents(it.rentalPriceCents)}</span>
                <span className="text-taupe">/week</span>
              </p>
              <p className="mt-1 text-sm text-stone">Retail price: {formatCents(it.retailPriceCents)}</p>

              <StaticItemActions item={it} />
            </div>
          </div>

          <div className="mt-12 grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Description</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="leading-relaxed text-taupe">{it.description}</p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Rental Details</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="space-y-2 text-sm">
                  <div className="flex justify-between gap-4 border-b border-linen/70 pb-2">
                    <dt className="text-taupe">Times rented:</dt>
                    <dd className="font-medium">{it.rentalCount}</dd>
                  </div>
                  <div className="flex justify-between gap-4 border-b border-linen/70 pb-2">
                    <dt className="text-taupe">Category:</dt>
                    <dd className="font-medium">{it.category}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-taupe">Gender:</dt>
                    <dd className="font-medium">{it.gender}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The static page's sizes, 'Rent Now' and favorite: they rent and favorite exactly as the item
 * page's Add to Cart and Add to Wishlist do. Until the page is live (or without JavaScript)
 * 'Rent Now' is a link to the item page and the heart a link to the favorites, so a tap always
 * leads somewhere.
 */
function StaticItemActions({ item }: { item: CatalogueItem }) {
  const live = useHydrated();
  const [size, setSize] = useState<string | null>(item.sizes.length === 1 ? item.sizes[0]! : null);
  return (
    <>
      <h2 id="static-sizes" className="mt-8 mb-3 font-sans text-[0.8rem] font-medium tracking-wide text-taupe">
        Available Sizes
      </h2>
      <ul className="flex flex-wrap gap-2" aria-labelledby="static-sizes">
        {item.sizes.map((s) => (
          <li key={s}>
            <Button
              variant="outline"
              className={cn('min-w-12 px-3', size === s && 'bg-ink text-ivory hover:bg-taupe')}
              aria-pressed={live ? size === s : undefined}
              onClick={() => setSize(s)}
            >
              {s}
            </Button>
          </li>
        ))}
      </ul>

      {live ? (
        <div className="mt-8">
          <BookingPanel
            itemId={item.id}
            size={size}
            label="Rent Now"
            rowClassName="flex-row items-center"
            buttonClassName="min-w-0 flex-1"
          >
            <FavoriteButton
              itemId={item.id}
              itemName={item.name}
              iconOnly
              variant="subtle"
              size="icon"
              className="size-13 shrink-0"
            />
            <Button
              variant="subtle"
              size="icon"
              className="size-13 shrink-0"
              aria-label="Share"
              onClick={() => void shareItem(item)}
            >
              <Share2 aria-hidden="true" />
            </Button>
          </BookingPanel>
        </div>
      ) : (
        <div className="mt-8 flex items-center gap-3">
          <Button size="lg" className="min-w-0 flex-1" asChild>
            <Link to={paths.item(item.id)}>Rent Now</Link>
          </Button>
          <Button variant="subtle" size="icon" className="size-13 shrink-0" asChild>
            <Link to={paths.favorites} aria-label="Add to favorites">
              <Heart aria-hidden="true" />
            </Link>
          </Button>
          <Button
            variant="subtle"
            size="icon"
            className="size-13 shrink-0"
            aria-label="Share"
            onClick={() => void shareItem(item)}
          >
            <Share2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </>
  );
}
