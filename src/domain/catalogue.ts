import { z } from 'zod';
import { LenderRatingSchema } from './ratings';
import {
  CATEGORIES,
  DEFAULT_PAGE_SIZE,
  ITEM_GENDERS,
  ITEM_SORTS,
  MAX_PAGE_SIZE,
  MAX_RANGE_DAYS,
  MAX_SEARCH_LENGTH,
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
} from './catalogue.rules';

export * from './catalogue.rules';

export const CategorySchema = z.enum(CATEGORIES);
export const ItemGenderSchema = z.enum(ITEM_GENDERS);
export const SizeSchema = z.enum(SIZES);

export const ThemeSchema = z.enum(Object.keys(THEMES) as [Theme, ...Theme[]], {
  error: `must be one of ${Object.keys(THEMES).join(', ')}`,
});

/** The views the house draws of an item when it has no photos. */
export const PICTURE_VIEWS = ['front', 'back', 'detail'] as const;
export type PictureView = (typeof PICTURE_VIEWS)[number];

/**
 * One picture of an item: a photo (a member's or, later, the house's) or a generated
 * illustration (front, back or a close-up). Photos come first; without any, the illustrations.
 */
export const ItemPictureSchema = z.object({
  url: z.string(),
  /** What the picture shows, for alt text. */
  alt: z.string(),
  kind: z.enum(['photo', 'illustration']),
  /** For illustrations: which view; null for photos. */
  view: z.enum(PICTURE_VIEWS).nullable(),
  /** A short name for a thumbnail button: "Front", "Back", "Detail", "Photo 2". */
  label: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ItemPicture = z.infer<typeof ItemPictureSchema>;

/** An item as the API returns it (GET /api/items/{id}). */
export const CatalogueItemSchema = z.object({
  id: z.number().int(),
  /** Set for the ten static pages (/items/{slug}); null otherwise. */
  slug: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  category: CategorySchema,
  gender: ItemGenderSchema,
  /** In display order: letters, One Size, or EU numbers. */
  sizes: z.array(SizeSchema),
  colour: z.string(),
  tags: z.array(z.string()),
  retailPriceCents: z.number().int(),
  /** The price for one rental week (7 days). */
  rentalPriceCents: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  rentalCount: z.number().int(),
  isNew: z.boolean(),
  description: z.string(),
  materials: z.string().nullable(),
  careInstructions: z.string().nullable(),
  /** The first of `images`: the cover photo, or the generated front view. */
  imageUrl: z.string(),
  /** Alt text for the first picture. */
  imageAlt: z.string(),
  /** Every picture, in order: photos first when there are any, else the generated views. */
  images: z.array(ItemPictureSchema).min(1),
  /** True for a member's own listing (owner set), false for the house collection. */
  fromMember: z.boolean(),
  /** A member's piece: its lender's rating from her renters (visible ratings only; decision 0036), null before any. */
  lenderRating: LenderRatingSchema.nullable().optional(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

/** The slimmer shape of an item in lists (browse grid, cards): what a card shows. */
export const CatalogueItemSummarySchema = CatalogueItemSchema.pick({
  id: true,
  name: true,
  brand: true,
  category: true,
  gender: true,
  colour: true,
  retailPriceCents: true,
  rentalPriceCents: true,
  rating: true,
  reviewCount: true,
  /** With reviewCount: a card shows the count only when it is not above this (countsCatalogueRatings). */
  rentalCount: true,
  isNew: true,
  imageUrl: true,
  imageAlt: true,
  lenderRating: true,
});
export type CatalogueItemSummary = z.infer<typeof CatalogueItemSummarySchema>;

export const ItemSortSchema = z.enum(ITEM_SORTS, { error: `must be one of ${ITEM_SORTS.join(', ')}` });

export const IsoDateSchema = z.string().refine(isIsoDate, { error: 'must be a date written YYYY-MM-DD' });

const centsParam = z.string().regex(/^(0|[1-9][0-9]{0,7})$/, { error: 'must be a whole number of cents' });

const boolParam = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' });

/**
 * The query of GET /api/items, as strings from the URL. Every message names what is wrong; the
 * router prefixes the parameter's name ("Invalid query parameter: category must be one of ...").
 * Cross-field rules (from/to together, to after from) are checked by `checkListQuery`.
 */
export const ItemListQuerySchema = z.object({
  gender: z.enum(ITEM_GENDERS, { error: `must be one of ${ITEM_GENDERS.join(', ')}` }).optional(),
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }).optional(),
  /** Only the Discovery Outfits categories (Work Outfit, Mountain Outfit). */
  discovery: boolParam.optional(),
  size: z.enum(SIZES, { error: `must be one of ${SIZES.join(', ')}` }).optional(),
  brand: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(80, { error: 'must be at most 80 characters' })
    .optional(),
  /** Full-text search over name, brand, description, category and colour; typos are corrected. */
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` })
    .optional(),
  theme: ThemeSchema.optional(),
  colour: z.string().regex(COLOUR_PATTERN, { error: 'must be one lower-case colour word' }).optional(),
  occasion: z.enum(OCCASIONS, { error: `must be one of ${OCCASIONS.join(', ')}` }).optional(),
  /** Weekly price bounds in whole cents, inclusive. */
  minPrice: centsParam.optional(),
  maxPrice: centsParam.optional(),
  /** Available from this date (inclusive) ... */
  from: IsoDateSchema.optional(),
  /** ... to this date (exclusive): some unit of the size (any size if none given) is free throughout. */
  to: IsoDateSchema.optional(),
  sort: ItemSortSchema.optional(),
  cursor: z.string().max(200, { error: 'is not a cursor from a previous page' }).optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_PAGE_SIZE, {
      error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
    })
    .optional(),
});
export type ItemListQueryInput = z.infer<typeof ItemListQuerySchema>;

/** The list query after parsing: defaults applied, booleans and numbers typed. */
export interface ItemListQuery {
  gender?: ItemGender | undefined;
  category?: Category | undefined;
  discovery?: boolean | undefined;
  size?: Size | undefined;
  brand?: string | undefined;
  q?: string | undefined;
  theme?: Theme | undefined;
  colour?: string | undefined;
  occasion?: Occasion | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: ItemSort;
  cursor?: string | undefined;
  limit: number;
}

/**
 * Applies defaults and the cross-field rules. Returns the typed query, or the parameter name and
 * message of the first problem.
 */
export function checkListQuery(
  input: ItemListQueryInput,
): { ok: true; query: ItemListQuery } | { ok: false; path: string; message: string } {
  const { from, to } = input;
  if (from && !to) return { ok: false, path: 'to', message: 'is required when from is given' };
  if (to && !from) return { ok: false, path: 'from', message: 'is required when to is given' };
  if (from && to) {
    if (to <= from) return { ok: false, path: 'to', message: 'must be after from' };
    if (to > addDays(from, MAX_RANGE_DAYS))
      return { ok: false, path: 'to', message: `must be at most ${MAX_RANGE_DAYS} days after from` };
  }
  const minPrice = input.minPrice === undefined ? undefined : Number(input.minPrice);
  const maxPrice = input.maxPrice === undefined ? undefined : Number(input.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice)
    return { ok: false, path: 'maxPrice', message: 'must not be below minPrice' };
  const q = input.q || undefined;
  if (input.sort === 'relevance' && !q) return { ok: false, path: 'sort', message: 'relevance needs a search (q)' };
  return {
    ok: true,
    query: {
      gender: input.gender,
      category: input.category,
      discovery: input.discovery === undefined ? undefined : input.discovery === 'true' || input.discovery === '1',
      size: input.size,
      brand: input.brand,
      q,
      theme: input.theme,
      colour: input.colour,
      occasion: input.occasion,
      minPrice,
      maxPrice,
      from,
      to,
      // A search is ranked by relevance unless another order is asked for.
      sort: input.sort ?? (q ? 'relevance' : 'popular'),
      cursor: input.cursor || undefined,
      limit: input.limit ? Number(input.limit) : DEFAULT_PAGE_SIZE,
    },
  };
}

/** One page of GET /api/items. `nextCursor` is null on the last page. */
export const ItemPageSchema = z.object({
  items: z.array(CatalogueItemSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ItemPage = z.infer<typeof ItemPageSchema>;

const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });
/**
 * Counts for the filter lists. Each list's counts respect every other active filter: the count
 * beside a value is the number of results once that value is chosen (docs/product.md).
 */
export const ItemFacetsSchema = z.object({
  /** How many items match every active filter. */
  total: z.number().int(),
  categories: z.array(FacetCountSchema),
  sizes: z.array(FacetCountSchema),
  brands: z.array(FacetCountSchema),
  colours: z.array(FacetCountSchema),
  occasions: z.array(FacetCountSchema),
  /** The lowest and highest weekly price (cents) among items matching every filter but the price; null when none. */
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
  /**
   * With a search: how many pieces each browse tab shows for it (Women, Men, Discovery Outfits),
   * with what a change of tab keeps (the search, dates, price and theme; the other filters are
   * reset), so "gucci" in Women can say "1 piece in Men". Null without a search.
   */
  tabs: z.object({ women: z.number().int(), men: z.number().int(), discovery: z.number().int() }).nullable(),
});

/** Search suggestions (GET /api/search/suggest): a few items and brands as the visitor types. */
export const SearchSuggestionsSchema = z.object({
  /** The words searched for after typo correction ("blak dres" -> "black dres"). */
  corrected: z.string().nullable(),
  items: z.array(
    CatalogueItemSummarySchema.pick({
      id: true,
      name: true,
      brand: true,
      category: true,
      colour: true,
      rentalPriceCents: true,
      imageUrl: true,
      imageAlt: true,
    }),
  ),
  brands: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
export type ItemFacets = z.infer<typeof ItemFacetsSchema>;

/** Per-size availability of one item for a date range (GET /api/items/{id}/availability). */
export const ItemAvailabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  sizes: z.array(
    z.object({
      size: SizeSchema,
      units: z.number().int(),
      available: z.boolean(),
      /** The first date from `from` on when a unit of this size is free for the same number of days; null if none within a year. */
      nextFreeDate: z.string().nullable(),
    }),
  ),
});
export type ItemAvailability = z.infer<typeof ItemAvailabilitySchema>;
