import type { ItemFacets } from '@domain/catalogue';
import {
  DISCOVERY_CATEGORIES,
  ITEM_GENDERS,
  ITEM_SORTS,
  OCCASIONS,
  OCCASION_LABELS,
  SIZES,
  SORT_LABELS,
} from '@domain/catalogue.rules';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { CATEGORY_OPTIONS, type BrowseState } from '../lib/browse-params';
import { parseCents } from '@domain/money';

type Patch = Partial<Omit<BrowseState, 'tab'>>;

type FacetList = 'categories' | 'sizes' | 'brands' | 'colours' | 'occasions';

/**
 * How many results a value gives with the other filters as they are (the API counts each list
 * without its own filter), or undefined before the counts arrive.
 */
function countOf(facets: ItemFacets | undefined, key: FacetList, value: string): number | undefined {
  if (!facets) return undefined;
  return facets[key].find((f) => f.value === value)?.count ?? 0;
}

/** An option labelled with its count; a value that would give nothing is disabled (unless chosen). */
function CountedOption({
  facets,
  list,
  value,
  label,
  chosen,
}: {
  facets: ItemFacets | undefined;
  list: FacetList;
  value: string;
  label?: string;
  chosen: boolean;
}) {
  const n = countOf(facets, list, value);
  return (
    <option value={value} disabled={n === 0 && !chosen}>
      {n === undefined ? (label ?? value) : `${label ?? value} (${n})`}
    </option>
  );
}

const dollars = (cents: number | undefined) => (cents === undefined ? '' : String(Math.round(cents) / 100));
/** Dollars typed in a price box as cents; empty or unreadable means no bound. */
function centsOf(text: string): number | undefined {
  const cents = parseCents(text);
  return cents === null || Number.isNaN(cents) ? undefined : cents;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The filters of /browse: category, size, brand (Discovery: gender and outfit type), and sort.
 * A side column on desktop, a two-column block above the grid on phones.
 */
export function BrowseFilters({
  state,
  facets,
  onChange,
}: {
  state: BrowseState;
  facets: ItemFacets | undefined;
  onChange: (patch: Patch) => void;
}) {
  const discovery = state.tab === 'discovery';
  const brands = (facets?.brands ?? []).map((b) => b.value).sort((a, b) => a.localeCompare(b));
  if (state.brand && !brands.includes(state.brand)) brands.unshift(state.brand);
  const sizes = SIZES.filter((s) => !facets || s === state.size || facets.sizes.some((f) => f.value === s));
  const colours = (facets?.colours ?? []).map((c) => c.value).sort((a, b) => a.localeCompare(b));
  if (state.colour && !colours.includes(state.colour)) colours.unshift(state.colour);
  const active = !!(
    state.category ||
    state.size ||
    state.brand ||
    state.gender ||
    state.colour ||
    state.occasion ||
    state.minPrice !== undefined ||
    state.maxPrice !== undefined
  );
  const sorts = ITEM_SORTS.filter((s) => s !== 'relevance' || state.q);

  return (
    <form
      className="grid grid-cols-2 gap-x-4 gap-y-5 md:grid-cols-1"
      aria-label="Filters"
      onSubmit={(e) => e.preventDefault()}
    >
      {discovery && (
        <Field label="Gender">
          <NativeSelect
            value={state.gender ?? ''}
            onChange={(e) => onChange({ gender: (e.target.value || undefined) as BrowseState['gender'] })}
          >
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
        <NativeSelect
          value={state.category ?? ''}
          onChange={(e) => onChange({ category: (e.target.value || undefined) as BrowseState['category'] })}
        >
          <option value="">All</option>
          {(discovery ? DISCOVERY_CATEGORIES : CATEGORY_OPTIONS).map((c) => (
            <CountedOption key={c} facets={facets} list="categories" value={c} chosen={state.category === c} />
          ))}
        </NativeSelect>
      </Field>
      <Field label="Size">
        <NativeSelect
          value={state.size ?? ''}
          onChange={(e) => onChange({ size: (e.target.value || undefined) as BrowseState['size'] })}
        >
          <option value="">All</option>
          {sizes.map((s) => (
            <CountedOption key={s} facets={facets} list="sizes" value={s} chosen={state.size === s} />
          ))}
        </NativeSelect>
      </Field>
      <Field label="Brand">
        <NativeSelect value={state.brand ?? ''} onChange={(e) => onChange({ brand: e.target.value || undefined })}>
          <option value="">All</option>
          {brands.map((b) => (
            <CountedOption key={b} facets={facets} list="brands" value={b} chosen={state.brand === b} />
          ))}
        </NativeSelect>
      </Field>
      <Field label="Colour">
        <NativeSelect value={state.colour ?? ''} onChange={(e) => onChange({ colour: e.target.value || undefined })}>
          <option value="">All</option>
          {colours.map((c) => (
            <CountedOption
              key={c}
              facets={facets}
              list="colours"
              value={c}
              label={capital(c)}
              chosen={state.colour === c}
            />
          ))}
        </NativeSelect>
      </Field>
      <Field label="Occasion">
        <NativeSelect
          value={state.occasion ?? ''}
          onChange={(e) => onChange({ occasion: (e.target.value || undefined) as BrowseState['occasion'] })}
        >
          <option value="">All</option>
          {OCCASIONS.map((o) => (
            <CountedOption
              key={o}
              facets={facets}
              list="occasions"
              value={o}
              label={OCCASION_LABELS[o]}
              chosen={state.occasion === o}
            />
          ))}
        </NativeSelect>
      </Field>
      <fieldset className="col-span-2 md:col-span-1">
        <legend className="mb-1.5 text-xs font-medium tracking-wide text-taupe">Weekly price ($)</legend>
        <div className="grid grid-cols-2 gap-2">
          <PriceBox
            label="Minimum weekly price in dollars"
            placeholder={facets?.price.min}
            value={state.minPrice}
            onCommit={(minPrice) => onChange({ minPrice })}
          />
          <PriceBox
            label="Maximum weekly price in dollars"
            placeholder={facets?.price.max}
            value={state.maxPrice}
            onCommit={(maxPrice) => onChange({ maxPrice })}
          />
        </div>
      </fieldset>
      <Field label="Sort by">
        <NativeSelect value={state.sort} onChange={(e) => onChange({ sort: e.target.value as BrowseState['sort'] })}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {active && (
        <div className="col-span-2 md:col-span-1">
          <Button
            variant="link"
            size="sm"
            onClick={() =>
              onChange({
                category: undefined,
                size: undefined,
                brand: undefined,
                gender: undefined,
                colour: undefined,
                occasion: undefined,
                minPrice: undefined,
                maxPrice: undefined,
              })
            }
          >
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}

/** A price bound in dollars, applied when the field is left or Enter is pressed. */
function PriceBox({
  label,
  placeholder,
  value,
  onCommit,
}: {
  label: string;
  placeholder: number | null | undefined;
  value: number | undefined;
  onCommit: (cents: number | undefined) => void;
}) {
  const commit = (text: string) => {
    const cents = centsOf(text);
    if (cents !== value) onCommit(cents);
  };
  return (
    <Input
      key={value ?? 'none'}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      aria-label={label}
      placeholder={placeholder === null || placeholder === undefined ? '' : dollars(placeholder)}
      defaultValue={dollars(value)}
      onBlur={(e) => commit(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(e.currentTarget.value);
      }}
    />
  );
}
