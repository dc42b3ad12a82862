import {
  CATEGORIES,
  DISCOVERY_CATEGORIES,
  ITEM_GENDERS,
  ITEM_SORTS,
  OCCASIONS,
  COLOUR_PATTERN,
  SIZES,
  THEMES,
  addDays,
  isIsoDate,
  type Category,
  type ItemGender,
  type ItemSort,
  type Occasion,
  type Size,
  type Theme,
} from '@domain/catalogue.rules';

export const BROWSE_TABS = [
  { value: 'women', label: 'Women' },
  { value: 'men', label: 'Men' },
  { value: 'discovery', label: 'Discovery Outfits' },
] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number]['value'];

/** The category filter's options (docs/product.md, Catalogue and availability). */
export const CATEGORY_OPTIONS: Category[] = [
  'Dresses',
  'Jackets',
  'Accessories',
  'Pants',
  'Tops',
  'Shoes',
  'Skirts',
  'Sets',
  'Shirts',
  'Hoodies',
];

/** Everything /browse shows, read from and written to the URL (so links and Back restore it). */
export interface BrowseState {
  tab: BrowseTab;
  category?: Category | undefined;
  size?: Size | undefined;
  brand?: string | undefined;
  /** Discovery tab only: All, Women or Men. */
  gender?: ItemGender | undefined;
  sort: ItemSort;
  theme?: Theme | undefined;
  q?: string | undefined;
  colour?: string | undefined;
  occasion?: Occasion | undefined;
  /** Weekly price bounds in cents (the URL carries cents, like the API). */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A search is ranked by how well it matches unless another order is chosen. */
export const defaultSort = (q: string | undefined): ItemSort => (q ? 'relevance' : 'popular');

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

export function parseBrowseParams(sp: URLSearchParams): BrowseState {
  const tab =
    oneOf(
      BROWSE_TABS.map((t) => t.value),
      sp.get('tab'),
    ) ?? 'women';
  let from = sp.get('from') ?? undefined;
  let to = sp.get('to') ?? undefined;
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || to <= from) {
    from = undefined;
    to = undefined;
  }
  const category = oneOf(CATEGORIES, sp.get('category'));
  const q = sp.get('q')?.trim() || undefined;
  const cents = (v: string | null) => (v && /^(0|[1-9][0-9]{0,7})$/.test(v) ? Number(v) : undefined);
  const colour = sp.get('colour') ?? '';
  let minPrice = cents(sp.get('minPrice'));
  let maxPrice = cents(sp.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = oneOf(ITEM_SORTS, sp.get('sort'));
  return {
    tab,
    category: tab === 'discovery' ? oneOf(DISCOVERY_CATEGORIES, category ?? null) : category,
    size: oneOf(SIZES, sp.get('size')),
    brand: sp.get('brand') || undefined,
    gender: tab === 'discovery' ? oneOf(ITEM_GENDERS, sp.get('gender')) : undefined,
    sort: sort === 'relevance' && !q ? 'popular' : (sort ?? defaultSort(q)),
    theme: oneOf(Object.keys(THEMES) as Theme[], sp.get('theme')),
    q,
    colour: COLOUR_PATTERN.test(colour) ? colour : undefined,
    occasion: oneOf(OCCASIONS, sp.get('occasion')),
    minPrice,
    maxPrice,
    from,
    to,
  };
}

/** The URL query of a browse state; defaults are left out so URLs stay short. */
export function toSearchParams(state: BrowseState): URLSearchParams {
  const sp = new URLSearchParams();
  if (state.tab !== 'women') sp.set('tab', state.tab);
  if (state.theme) sp.set('theme', state.theme);
  if (state.q) sp.set('q', state.q);
  if (state.gender) sp.set('gender', state.gender);
  if (state.category) sp.set('category', state.category);
  if (state.size) sp.set('size', state.size);
  if (state.brand) sp.set('brand', state.brand);
  if (state.colour) sp.set('colour', state.colour);
  if (state.occasion) sp.set('occasion', state.occasion);
  if (state.minPrice !== undefined) sp.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) sp.set('maxPrice', String(state.maxPrice));
  if (state.sort !== defaultSort(state.q) && !(state.sort === 'relevance' && !state.q)) sp.set('sort', state.sort);
  if (state.from && state.to) {
    sp.set('from', state.from);
    sp.set('to', state.to);
  }
  return sp;
}

/** The API query for the item list of a browse state. */
export function toApiQuery(state: BrowseState): Record<string, string | undefined> {
  return {
    gender: state.tab === 'women' ? 'Women' : state.tab === 'men' ? 'Men' : state.gender,
    discovery: state.tab === 'discovery' && !state.category ? 'true' : undefined,
    category: state.category,
    size: state.size,
    brand: state.brand,
    colour: state.colour,
    occasion: state.occasion,
    minPrice: state.minPrice === undefined ? undefined : String(state.minPrice),
    maxPrice: state.maxPrice === undefined ? undefined : String(state.maxPrice),
    sort: state.sort === 'relevance' && !state.q ? 'popular' : state.sort,
    theme: state.theme,
    q: state.q,
    from: state.from,
    to: state.to,
  };
}

/**
 * The facet counts' query: every filter of the list (each count then says how many results its
 * value gives with the other filters as they are; docs/product.md).
 */
export function toFacetQuery(state: BrowseState): Record<string, string | undefined> {
  const { sort: _sort, ...q } = toApiQuery(state);
  return { ...q, discovery: state.tab === 'discovery' && !state.category ? 'true' : undefined };
}

/** The item page link, carrying the chosen dates so the rental can be booked for them. */
export function itemHref(id: number, state: Pick<BrowseState, 'from' | 'to'>): string {
  if (state.from && state.to) return `/item/${id}?from=${state.from}&to=${state.to}`;
  return `/item/${id}`;
}

/** A range picked in the calendar, as from/to (to exclusive: the day the piece goes back). */
export function rangeFromPicker(
  from: string,
  to: string | undefined,
  rentalDays: number,
): { from: string; to: string } {
  if (!to || to <= from) return { from, to: addDays(from, rentalDays) };
  return { from, to };
}
