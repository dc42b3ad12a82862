import type { ItemFacets } from '@domain/catalogue';
import { DISCOVERY_CATEGORIES, ITEM_GENDERS, ITEM_SORTS, SIZES, SORT_LABELS } from '@domain/catalogue.rules';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/input';
import { CATEGORY_OPTIONS, type BrowseState } from '../lib/browse-params';

type Patch = Partial<Omit<BrowseState, 'tab'>>;

function counted(facets: ItemFacets | undefined, key: 'categories' | 'sizes' | 'brands', value: string): string {
  const n = facets?.[key].find((f) => f.value === value)?.count;
  return n === undefined ? value : `${value} (${n})`;
}

/**
 * The filters of /browse: category, size, brand (Discovery: gender and outfit type), and sort.
 * A side column on desktop, a two-column block above the grid on phones.
 */
export function BrowseFilters({ state, facets, onChange }: { state: BrowseState; facets: ItemFacets | undefined; onChange: (patch: Patch) => void }) {
  const discovery = state.tab === 'discovery';
  const brands = (facets?.brands ?? []).map((b) => b.value).sort((a, b) => a.localeCompare(b));
  if (state.brand && !brands.includes(state.brand)) brands.unshift(state.brand);
  const sizes = SIZES.filter((s) => !facets || facets.sizes.some((f) => f.value === s));
  const active = !!(state.category || state.size || state.brand || state.gender);

  return (
    <form className="grid grid-cols-2 gap-x-4 gap-y-5 md:grid-cols-1" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      {discovery && (
        <Field label="Gender">
          <NativeSelect value={state.gender ?? ''} onChange={(e) => onChange({ gender: (e.target.value || undefined) as BrowseState['gender'] })}>
            <option value="">All</option>
            {ITEM_GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <Field label="Category">
        <NativeSelect value={state.category ?? ''} onChange={(e) => onChange({ category: (e.target.value || undefined) as BrowseState['category'] })}>
          <option value="">All</option>
          {(discovery ? DISCOVERY_CATEGORIES : CATEGORY_OPTIONS).map((c) => (
            <option key={c} value={c}>
              {counted(facets, 'categories', c)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Size">
        <NativeSelect value={state.size ?? ''} onChange={(e) => onChange({ size: (e.target.value || undefined) as BrowseState['size'] })}>
          <option value="">All</option>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {counted(facets, 'sizes', s)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Brand">
        <NativeSelect value={state.brand ?? ''} onChange={(e) => onChange({ brand: e.target.value || undefined })}>
          <option value="">All</option>
          {brands.map((b) => (
            <option key={b} value={b}>
              {counted(facets, 'brands', b)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Sort by">
        <NativeSelect value={state.sort} onChange={(e) => onChange({ sort: e.target.value as BrowseState['sort'] })}>
          {ITEM_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {active && (
        <div className="col-span-2 md:col-span-1">
          <Button variant="link" size="sm" onClick={() => onChange({ category: undefined, size: undefined, brand: undefined, gender: undefined })}>
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}
