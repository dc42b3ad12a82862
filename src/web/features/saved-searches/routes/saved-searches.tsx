import { Bell, BellOff, Bookmark, Trash2 } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useSearchParams } from 'react-router';
import { browseHrefOf, describeSavedSearch } from '@domain/saved-searches';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Label } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorOf } from '../../../lib/api-client';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { browserQueryClient } from '../../../lib/query-client';
import { getSavedSearchesQueryOptions, savedSearchesKey, useSavedSearches } from '../api/get-saved-searches';
import type { Route } from './+types/saved-searches';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getSavedSearchesQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

/**
 * Every change of a saved search, before the app runs and after: save (from /browse), rename,
 * alerts on or off, delete, through the API as her. Refused: this page with the API's words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const call = (path: string, method: string, json?: unknown) =>
    context.apiFetch(
      new Request(new URL(path, context.origin), {
        method,
        ...(json !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
      }),
    );
  let res: Response;
  if (intent === 'create')
    res = await call('/api/saved-searches', 'POST', {
      name: String(form.get('name') ?? ''),
      params: String(form.get('params') ?? ''),
      alerts: form.get('alerts') === 'on',
    });
  else if (intent === 'rename')
    res = await call(`/api/saved-searches/${id}`, 'PATCH', { name: String(form.get('name') ?? '') });
  else if (intent === 'alerts')
    res = await call(`/api/saved-searches/${id}`, 'PATCH', { alerts: form.get('alerts') === 'on' });
  else if (intent === 'delete') res = await call(`/api/saved-searches/${id}`, 'DELETE');
  else return data({ message: 'Unknown action.' }, { status: 400 });
  if (res.ok) return intent === 'create' ? redirect('/account/saved-searches?saved=1') : { message: null };
  const error = await apiErrorOf(res);
  return data({ message: error?.message ?? 'Something went wrong. Please try again.' }, { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await browserQueryClient().invalidateQueries({ queryKey: savedSearchesKey });
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Saved searches · Rentique',
    description: 'Your saved searches and their alerts.',
    noindex: true,
  });

/** /account/saved-searches (members): her saved searches, to open, rename, alert or delete. */
export default function Component() {
  const searches = useSavedSearches();
  const refused = useActionData<typeof action>() as { message: string | null } | undefined;
  const [sp] = useSearchParams();
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <PageHeader eyebrow="Your account" title="Saved searches" />
      {sp.get('saved') && !refused?.message && (
        <p role="status" className="mt-4 text-sm text-ink" data-testid="saved-notice">
          Search saved.
        </p>
      )}
      {refused?.message && (
        <p role="alert" className="mt-4 rounded-sm bg-sand px-4 py-3 text-sm text-ink">
          {refused.message}
        </p>
      )}
      {searches.isPending ? (
        <div role="status" aria-label="Loading saved searches" className="mt-8 space-y-4">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : searches.isError ? (
        <LoadError title="Your saved searches could not be loaded" onRetry={() => void searches.refetch()} />
      ) : searches.data.savedSearches.length === 0 ? (
        <EmptyState
          title="No saved searches yet"
          icon={<Bookmark className="size-8" aria-hidden="true" />}
          className="mt-8"
        >
          <p>Choose filters on Browse, then “Save this search” to find it here and hear of new pieces.</p>
          <Button asChild variant="outline" className="mt-5">
            <Link to="/browse">Browse the collection</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul className="mt-8 space-y-5" aria-label="Your saved searches">
          {searches.data.savedSearches.map((s) => (
            <li
              key={s.id}
              className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft"
              data-testid="saved-search"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-display text-2xl">
                  <Link to={browseHrefOf(s.params)} className="hover:text-taupe">
                    {s.name}
                  </Link>
                </h2>
                <p className="text-xs text-stone">{s.alerts ? 'Alerts on' : 'Alerts off'}</p>
              </div>
              <p className="mt-1 text-sm text-taupe">{describeSavedSearch(s.params)}</p>
              <div className="mt-4 flex flex-wrap items-end gap-3">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="id" value={s.id} />
                  <div>
                    <Label htmlFor={`rename-${s.id}`} className="sr-only">
                      New name for {s.name}
                    </Label>
                    <Input
                      id={`rename-${s.id}`}
                      name="name"
                      defaultValue={s.name}
                      maxLength={60}
                      required
                      className="h-9"
                    />
                  </div>
                  <Button type="submit" size="sm" variant="outline">
                    Rename
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="alerts" />
                  <input type="hidden" name="id" value={s.id} />
                  <input type="hidden" name="alerts" value={s.alerts ? 'off' : 'on'} />
                  <Button type="submit" size="sm" variant="ghost">
                    {s.alerts ? (
                      <BellOff className="size-4" aria-hidden="true" />
                    ) : (
                      <Bell className="size-4" aria-hidden="true" />
                    )}
                    {s.alerts ? 'Stop alerts' : 'Alert me of new pieces'}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={s.id} />
                  <Button type="submit" size="sm" variant="ghost" aria-label={`Delete ${s.name}`}>
                    <Trash2 className="size-4" aria-hidden="true" /> Delete
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
