import { Heart } from 'lucide-react';
import { Link, data, redirect } from 'react-router';
import { toast } from 'sonner';
import { MATCH_MESSAGES } from '@domain/match.rules';
import { Button } from '../../../components/ui/button';
import { itemGridClass } from '../../../components/item/item-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getFavoritesQueryOptions, useFavorites } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';
import { FavoriteCard } from '../components/favorite-card';
import { ShortlistsSection, getShortlistsQueryOptions } from '../../shortlists';
import { pageMeta } from '../../../lib/meta';
import { safePath } from '../../../lib/safe-path';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/favorites';

/** Her favorites, newest first. */
const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getFavoritesQueryOptions()),
    queryClient.prefetchQuery(getShortlistsQueryOptions()),
  ]);

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

/**
 * POST /favorites: Add to Wishlist's form before the app runs (decision 0044). Adds (`intent=add`)
 * or removes the item through the API in-process as the member, then goes back to the page the
 * form was on (`returnTo`, a path of this app). A visitor is sent to sign in first, and back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const back = safePath(field('returnTo')) ?? paths.favorites;
  if (!context.user) throw loginRedirect(new URL(back, context.origin));
  if (!/^\d{1,9}$/.test(field('itemId'))) throw data('No such item.', { status: 400 });
  const method = field('intent') === 'remove' ? 'DELETE' : 'PUT';
  const res = await context.apiFetch(
    new Request(new URL(`/api/favorites/${field('itemId')}`, context.origin), { method }),
  );
  if (!res.ok) throw data((await res.json().catch(() => null)) as unknown, { status: res.status });
  return redirect(back);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your Favorites · Rentique',
    description: 'The pieces you loved on Rentique, ready to rent.',
    noindex: true,
  });

/** /favorites (members): the liked items, newest first. */
export default function Component() {
  // A failed load is announced once per failure by the query client (the list below offers a retry).
  const favorites = useFavorites(true, { errorToast: MATCH_MESSAGES.loadFavoritesFailed });
  const remove = useRemoveFavorite();

  const onRemove = (itemId: number) =>
    remove.mutate(itemId, {
      onSuccess: () => toast.success(MATCH_MESSAGES.removedTitle, { description: MATCH_MESSAGES.removed }),
    });

  const items = favorites.data?.items;
  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow="Saved for you" title="Your Favorites">
        The pieces you loved while matching or browsing, newest first.
      </PageHeader>
      {favorites.isPending ? (
        <ul className={itemGridClass} aria-busy="true" aria-label="Loading favorites">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="space-y-3">
              <Skeleton className="aspect-square w-full rounded-sm" />
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-5 w-3/4" />
            </li>
          ))}
        </ul>
      ) : favorites.isError ? (
        <LoadError title="We couldn't load your favorites" onRetry={() => void favorites.refetch()}>
          <p>{MATCH_MESSAGES.loadFavoritesFailed}.</p>
        </LoadError>
      ) : !items?.length ? (
        <EmptyState title="No favorites yet" icon={<Heart className="size-8" aria-hidden="true" />}>
          <p>
            Like pieces while you match your outfit, or add them from the collection, and they will wait for you here.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <Link to={paths.match}>Start Matching</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.browse}>Browse the Collection</Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <ul className={itemGridClass} aria-label="Favorite items">
          {items.map((f) => (
            <FavoriteCard
              key={f.itemId}
              favorite={f}
              removing={remove.isPending && remove.variables === f.itemId}
              onRemove={() => onRemove(f.itemId)}
            />
          ))}
        </ul>
      )}
      <ShortlistsSection />
    </div>
  );
}
