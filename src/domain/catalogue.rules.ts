/**
 * The catalogue's constants and plain rules, without zod: what the browser needs on the browse and
 * item pages. The schemas built from them live in catalogue.ts (which re-exports all of this), so
 * the pages do not pay for constructing schemas they never use (a measured ~10 ms on a phone-class
 * CPU at first load; docs/decisions/0010). The web imports values from here, types from either.
 */

/** Every category an item can have (docs/product.md, Catalogue and availability). */
export const CATEGORIES = [
  'Jackets',
  'Pants',
  'Accessories',
  'Sets',
  'Work Outfit',
  'Skirts',
  'Hoodies',
  'Shirts',
  'Mountain Outfit',
  'Dresses',
  'Tops',
  'Shoes',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The two discovery-outfit categories (the Discovery Outfits tab). */
export const DISCOVERY_CATEGORIES = ['Work Outfit', 'Mountain Outfit'] as const satisfies readonly Category[];

export const ITEM_GENDERS = ['Women', 'Men'] as const;
export type ItemGender = (typeof ITEM_GENDERS)[number];

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export const NUMERIC_SIZES = ['40', '42', '44', '46', '48'] as const;
export const ONE_SIZE = 'One Size';
/** The size filter's options, in the order docs/product.md gives (without "All"). */
export const SIZES = [...LETTER_SIZES, ONE_SIZE, ...NUMERIC_SIZES] as const;
export type Size = (typeof SIZES)[number];

/** True for one of the catalogue's sizes (a piece's sizes arrive as text from the API). */
export function isSize(value: string): value is Size {
  return (SIZES as readonly string[]).includes(value);
}

/** The size, checked: text that is none of the sizes is a programming error, not a member's input. */
export function knownSize(value: string): Size {
  if (!isSize(value)) throw new Error(`Unknown size: ${value}`);
  return value;
}

/**
 * An item's sizes as the database keeps them (a JSON array in the items.sizes column), read
 * back: unknown values and unreadable text give no size rather than an error.
 */
export function parseSizes(json: string): Size[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is Size => (SIZES as readonly unknown[]).includes(x)) : [];
  } catch {
    return [];
  }
}

/** Weekly rental price by category, in cents (docs/product.md, Catalogue and availability); anything else is the default. */
export const CATEGORY_RENTAL_PRICE_CENTS: Record<Category, number> = {
  Pants: 999,
  Tops: 599,
  Jackets: 799,
  Dresses: 2999,
  Sets: 999,
  Accessories: 799,
  'Work Outfit': 3999,
  'Mountain Outfit': 4999,
  Skirts: 899,
  Shirts: 1599,
  Hoodies: 999,
  Shoes: 999,
};
export const DEFAULT_RENTAL_PRICE_CENTS = 999;

/**
 * A house piece's retail price is 9 to 13 times its weekly rental price (to the nearest whole multiple): the SPEC's hoodies
 * ($89.99 to $129.99 at $9.99 a week) set the proportion, and every house piece keeps it, so the
 * two prices on an item page make sense together (docs/product.md, Catalogue and availability).
 */
export const RETAIL_TO_WEEKLY = { min: 9, max: 13 } as const;

/** One rental lasts 7 days; an extension adds 7 more (docs/product.md, Catalogue and availability). */
export const RENTAL_DAYS = 7;

/** The weekly rental price of a category, in cents (docs/product.md, Catalogue and availability). */
export function rentalPriceForCategory(category: string): number {
  return CATEGORY_RENTAL_PRICE_CENTS[category as Category] ?? DEFAULT_RENTAL_PRICE_CENTS;
}

/** The 37 designer and high-street brands of the seeded catalogue (the brand filter's options). */
export const BRANDS = [
  'Acne Studios',
  'Adidas',
  "Arc'teryx",
  'Arket',
  'Bottega Veneta',
  'Brandy Melville',
  'Burberry',
  'COS',
  'Calvin Klein',
  'Chloé',
  'Columbia',
  'Dr. Martens',
  'Ganni',
  'Gucci',
  'Hugo Boss',
  'Isabel Marant',
  'Jacquemus',
  "Levi's",
  'Loewe',
  'Mango',
  'Max Mara',
  'Nike',
  'Patagonia',
  'Prada',
  'Ralph Lauren',
  'Reformation',
  'Saint Laurent',
  'Self-Portrait',
  'Stussy',
  'The North Face',
  'Theory',
  'Tommy Hilfiger',
  'Tommy Jeans',
  'Urban Outfitters',
  'Valentino',
  'Zara',
  'Zimmermann',
] as const;

/** Themed selections linked from elsewhere (the dashboard's summer party link): theme -> tags. */
export const THEMES = {
  'summer-party': { title: 'Summer Party Edit', tags: ['summer', 'party'] },
} as const;
export type Theme = keyof typeof THEMES;

export const ITEM_SORTS = [
  'popular',
  'newest',
  'price-asc',
  'price-desc',
  'rating',
  'relevance',
  'recommended',
] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
export const SORT_LABELS: Record<ItemSort, string> = {
  relevance: 'Best match',
  popular: 'Most rented',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
  recommended: 'Recommended',
};

export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 24;

export { addDays, isIsoDate } from './calendar';

/** How many days a browse date range may span. */
export const MAX_RANGE_DAYS = 90;

/**
 * The occasions a piece can be filtered by: the words of its tags that name an occasion
 * (docs/product.md, "Search and filters"). A piece may suit several.
 */
export const OCCASIONS = [
  'party',
  'evening',
  'work',
  'wedding',
  'casual',
  'holiday',
  'travel',
  'festival',
  'hiking',
] as const;
export type Occasion = (typeof OCCASIONS)[number];
export const OCCASION_LABELS: Record<Occasion, string> = {
  party: 'Party',
  evening: 'Evening',
  work: 'Work',
  wedding: 'Wedding',
  casual: 'Casual',
  holiday: 'Holiday',
  travel: 'Travel',
  festival: 'Festival',
  hiking: 'Hiking',
};

/** A colour as stored and filtered: one lower-case word ("black", "sage"). */
export const COLOUR_PATTERN = /^[a-z][a-z-]{0,29}$/;

/** The longest search text, and how many of its words count. */
export const MAX_SEARCH_LENGTH = 80;
export const MAX_SEARCH_TERMS = 6;

/**
 * The words of a search as the index sees them: lower case, accents dropped, split on anything
 * that is not a letter or digit; at most MAX_SEARCH_TERMS of them.
 */
export function searchTerms(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, MAX_SEARCH_TERMS);
}
