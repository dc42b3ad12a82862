import { SearchX, X } from 'lucide-react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { THEMES } from '@domain/catalogue.rules';
import { ItemCard, itemGridClass } from '../../../components/item/item-card';
import { ItemGridSkeleton } from '../../../components/item/item-grid-skeleton';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { getFacetsQueryOptions, useFacets } from '../api/get-facets';
import { getItemsQueryOptions, useItems } from '../api/get-items';
import { BrowseFilters } from '../components/browse-filters';
import { DateRangeFilter } from '../components/date-range-filter';
import { SearchBox } from '../components/search-box';
import {
  BROWSE_TABS,
  itemHref,
  parseBrowseParams,
  toApiQuery,
  toFacetQuery,
  toSearchParams,
  type BrowseState,
  type BrowseTab,
} from '../lib/browse-params';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { SaveSearchForm } from '../../saved-searches';
import type { Route } from './+types/browse';

/** What "Save this search" keeps of browse (decision 0065): the list's query without dates or sort. */
function savedParamsOf(state: BrowseState): string {
  const { from: _from, to: _to, sort: _sort, ...kept } = toApiQuery(state);
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(kept)) if (v !== undefined) sp.set(k, v);
  return sp.toString();
}

/** A first name for a saved search: her words, else the category, else the collection. */
function savedNameOf(state: BrowseState): string {
  return (
    state.q ??
    [state.colour, state.category ?? BROWSE_TABS.find((t) => t.value === state.tab)?.label].filter(Boolean).join(' ')
  ).slice(0, 60);
}

/** The first page of results and the filter counts for the browse state in the URL. */
const queries =
  (url: URL): PageQueries =>
  (queryClient) => {
    const state = parseBrowseParams(url.searchParams);
    return Promise.all([
      queryClient.ensureInfiniteQueryData(getItemsQueryOptions(toApiQuery(state))),
      queryClient.ensureQueryData(getFacetsQueryOptions(toFacetQuery(state))),
    ]);
  };

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => {
  const theme = parseBrowseParams(new URLSearchParams(args.location.search)).theme;
  return pageMeta(args, {
    title: theme ? `${THEMES[theme].title} · Rentique` : 'Browse Items · Rentique',
    description:
      'Browse designer dresses, suits, jackets and accessories to rent by the week: filter by size, brand, colour, occasion, price and your dates.',
  });
};

/** /browse: the catalogue by tab, with dates, filters and sort kept in the URL. */
export default function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  // A change of filters navigates once its results are loaded: while one is loading, the controls
  // show it and the next change builds on it (two quick choices keep both), not on the page shown.
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const state = parseBrowseParams(pending?.pathname === pathname ? new URLSearchParams(pending.search) : searchParams);
  const items = useItems(toApiQuery(state));
  const facets = useFacets(toFacetQuery(state));
  const update = (patch: Partial<BrowseState>) => setSearchParams(toSearchParams({ ...state, ...patch }));
  // What a change of tab keeps (the server counts the other tabs' results the same way: facets.tabs).
  const tabState = (tab: BrowseTab): BrowseState => ({
    tab,
    sort: state.sort,
    theme: state.theme,
    q: state.q,
    from: state.from,
    to: state.to,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
  });
  const switchTab = (tab: BrowseTab) => setSearchParams(toSearchParams(tabState(tab)));
  const tabCounts = facets.data?.tabs;
  const elsewhere =
    state.q && tabCounts ? BROWSE_TABS.filter((t) => t.value !== state.tab && tabCounts[t.value] > 0) : [];
  const list = items.data?.pages.flatMap((p) => p.items) ?? [];
  const theme = state.theme ? THEMES[state.theme] : undefined;

  return (
    <div className="container-page pb-24">
      <PageHeader eyebrow={theme ? 'Curated edit' : 'The collection'} title="Browse Items">
        {theme
          ? `${theme.title}: light fabrics, bright colours and pieces made for long evenings outside.`
          : 'Designer pieces by the week. Choose your dates to see what is free to rent.'}
      </PageHeader>

      <div className="mb-8 flex flex-wrap items-center gap-3">
        <SearchBox
          key={state.q ?? ''}
          className="w-full sm:w-80"
          label="Search the collection"
          initial={state.q ?? ''}
          onSearch={(q) =>
            setSearchParams(
              toSearchParams({
                ...state,
                q,
                sort: state.sort === 'popular' || state.sort === 'relevance' ? 'relevance' : state.sort,
              }),
            )
          }
        />
        {state.q && (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => update({ q: undefined, sort: state.sort === 'relevance' ? 'popular' : state.sort })}
            aria-label={`Clear the search for ${state.q}`}
          >
            &ldquo;{state.q}&rdquo;
            <X aria-hidden="true" />
          </Button>
        )}
        <DateRangeFilter
          from={state.from}
          to={state.to}
          onChange={(range) => update({ from: range?.from, to: range?.to })}
        />
        {theme && (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => update({ theme: undefined })}
            aria-label={`Remove the ${theme.title} selection`}
          >
            {theme.title}
            <X aria-hidden="true" />
          </Button>
        )}
      </div>

      <Tabs value={state.tab} onValueChange={(v) => switchTab(v as BrowseTab)}>
        <TabsList aria-label="Collections" className="mb-8 overflow-x-auto">
          {BROWSE_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={state.tab} className="grid gap-10 md:grid-cols-[13rem_1fr] lg:gap-14">
          <aside className="md:sticky md:top-24 md:self-start">
            <BrowseFilters state={state} facets={facets.data} onChange={update} />
            <SaveSearchForm params={savedParamsOf(state)} suggestedName={savedNameOf(state)} />
          </aside>

          <section aria-labelledby="browse-results" aria-busy={items.isPending}>
            <h2 id="browse-results" className="sr-only">
              Items
            </h2>
            <p className="mb-4 text-sm text-taupe" aria-live="polite" data-testid="result-count">
              {facets.data
                ? `${facets.data.total} ${facets.data.total === 1 ? 'piece' : 'pieces'}${state.q ? ` for “${state.q}”` : ''}`
                : '\u00a0'}
            </p>
            {elsewhere.length > 0 && tabCounts && (
              <p className="-mt-2 mb-4 text-sm text-taupe" data-testid="other-tabs">
                Also{' '}
                {elsewhere.map((t, i) => (
                  <span key={t.value}>
                    {i > 0 && ' · '}
                    <Link
                      to={`?${toSearchParams(tabState(t.value)).toString()}`}
                      className="text-ink underline underline-offset-4 hover:text-taupe"
                    >
                      {tabCounts[t.value]} {tabCounts[t.value] === 1 ? 'piece' : 'pieces'} in {t.label}
                    </Link>
                  </span>
                ))}
              </p>
            )}
            {items.isPending ? (
              <ItemGridSkeleton count={8} />
            ) : items.isError ? (
              <EmptyState title="We could not load the collection" className="bg-ivory">
                <p>{items.error.message}</p>
                <Button className="mt-5" variant="outline" onClick={() => void items.refetch()}>
                  Try again
                </Button>
              </EmptyState>
            ) : list.length === 0 ? (
              <EmptyState title="Nothing matches just now" icon={<SearchX className="size-8" aria-hidden="true" />}>
                <p>
                  {state.from
                    ? 'Every piece that fits these filters is rented for those dates. Try other dates or fewer filters.'
                    : 'Try fewer filters or another collection.'}
                </p>
                <Button
                  className="mt-5"
                  variant="outline"
                  onClick={() => setSearchParams(toSearchParams({ tab: state.tab, sort: state.sort }))}
                >
                  Clear all filters
                </Button>
              </EmptyState>
            ) : (
              <>
                <ul className={itemGridClass}>
                  {list.map((item, i) => (
                    <li key={item.id}>
                      <ItemCard item={item} href={itemHref(item.id, state)} priority={i < 4} />
                    </li>
                  ))}
                </ul>
                <div className="mt-12 flex justify-center">
                  {items.hasNextPage ? (
                    <Button
                      variant="outline"
                      onClick={() => void items.fetchNextPage()}
                      disabled={items.isFetchingNextPage}
                    >
                      {items.isFetchingNextPage ? 'Loading...' : 'Load more'}
                    </Button>
                  ) : (
                    <p className="text-xs tracking-wide text-stone">You have seen all {list.length} pieces.</p>
                  )}
                </div>
              </>
            )}
          </section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
