import { z } from 'zod';
import { CategorySchema, ItemGenderSchema, type Category, type ItemGender } from './catalogue';
import { parseCents } from './money';

/**
 * The style assistant: a deterministic reader of a member's message. It picks out a category,
 * colour, brand, gender, occasion and budget, which the server turns into a catalogue query.
 * Nothing here calls an external service; the same message always gives the same answer.
 */

/** The first message of every conversation. */
export const ASSISTANT_GREETING =
  "Hello, I'm your Rentique stylist. Tell me what you're dressing for, a colour you love or your budget, and I'll find pieces from the collection.";

/** Offered only while the conversation holds just the greeting. */
export const QUICK_SUGGESTIONS = [
  'Black jackets under $10',
  'A dress for a summer party',
  'Workwear for women',
  'Men’s hiking outfit',
] as const;

/** The four fixed replies (docs/product.md, Style assistant), used when nothing in the message is recognised. */
export const CANNED_REPLIES = [
  'That sounds lovely! Could you tell me a little more, such as the occasion, a colour you like or your budget?',
  'For a timeless look, pair a tailored jacket with clean lines and one statement accessory. Tell me the occasion and I will pick pieces for you.',
  'Our members love mixing a designer piece with their everyday basics. Try asking for a category, like "summer dresses" or "black jackets".',
  'Sustainable style is our favourite kind: renting one outfit saves thousands of litres of water. What would you like to wear next?',
] as const;

export const MAX_ASSISTANT_MESSAGE_LENGTH = 500;
/** How many catalogue items one answer shows at most. */
export const MAX_ASSISTANT_ITEMS = 3;

export const OCCASIONS = ['work', 'party', 'hiking', 'summer'] as const;
export const OccasionSchema = z.enum(OCCASIONS);
export type Occasion = z.infer<typeof OccasionSchema>;

export const COLOURS = [
  'black',
  'white',
  'cream',
  'ivory',
  'beige',
  'camel',
  'tan',
  'brown',
  'grey',
  'navy',
  'blue',
  'red',
  'burgundy',
  'pink',
  'peach',
  'orange',
  'yellow',
  'green',
  'olive',
  'khaki',
  'purple',
  'lilac',
  'silver',
  'gold',
  'taupe',
] as const;
export const ColourSchema = z.enum(COLOURS);
export type Colour = z.infer<typeof ColourSchema>;

/** What a message asked for. Absent fields were not mentioned. */
export const AssistantFiltersSchema = z.object({
  category: CategorySchema.optional(),
  colour: ColourSchema.optional(),
  brand: z.string().optional(),
  gender: ItemGenderSchema.optional(),
  occasion: OccasionSchema.optional(),
  /** Highest weekly rental price, inclusive, in cents. */
  maxPriceCents: z.number().int().nonnegative().optional(),
});
export type AssistantFilters = z.infer<typeof AssistantFiltersSchema>;

export const AssistantMessageRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write a message first')
    .max(MAX_ASSISTANT_MESSAGE_LENGTH, `Keep it under ${MAX_ASSISTANT_MESSAGE_LENGTH} characters`),
});
export type AssistantMessageRequest = z.infer<typeof AssistantMessageRequestSchema>;

export const AssistantItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  gender: z.string(),
  colour: z.string(),
  rentalPriceCents: z.number().int(),
  imageUrl: z.string(),
});
export type AssistantItem = z.infer<typeof AssistantItemSchema>;

export const AssistantReplySchema = z.object({
  /** matches: items found; no-matches: understood but nothing fits; canned: nothing recognised. */
  kind: z.enum(['matches', 'no-matches', 'canned']),
  reply: z.string(),
  filters: AssistantFiltersSchema,
  items: z.array(AssistantItemSchema),
});
export type AssistantReply = z.infer<typeof AssistantReplySchema>;

// Word lists. Phrases are matched on whole words, longest first, so "t-shirt" is a top and
// "sweatshirt" a hoodie, never a shirt.
const CATEGORY_WORDS: Record<Category, readonly string[]> = {
  Jackets: [
    'jacket',
    'jackets',
    'coat',
    'coats',
    'blazer',
    'blazers',
    'parka',
    'parkas',
    'bomber',
    'bombers',
    'trench',
    'outerwear',
  ],
  Pants: ['pants', 'trousers', 'jeans', 'chinos', 'leggings', 'joggers', 'slacks'],
  Accessories: [
    'accessory',
    'accessories',
    'bag',
    'bags',
    'handbag',
    'handbags',
    'clutch',
    'scarf',
    'scarves',
    'belt',
    'belts',
    'hat',
    'hats',
    'jewellery',
    'jewelry',
    'sunglasses',
  ],
  Sets: ['sets', 'co-ord', 'co-ords', 'coord', 'two-piece', 'matching set'],
  'Work Outfit': ['work outfit', 'work outfits', 'suit', 'suits', 'workwear'],
  Skirts: ['skirt', 'skirts', 'miniskirt', 'midi skirt'],
  Hoodies: [
    'hoodie',
    'hoodies',
    'sweatshirt',
    'sweatshirts',
    'pullover',
    'pullovers',
    'zip-up',
    'half-zip',
    'fleece',
    'crewneck',
  ],
  Shirts: ['shirt', 'shirts', 'blouse', 'blouses', 'button-down', 'button-up'],
  'Mountain Outfit': ['mountain outfit', 'mountain outfits', 'hiking outfit', 'hiking outfits', 'outdoor outfit'],
  Dresses: ['dress', 'dresses', 'gown', 'gowns', 'frock', 'frocks', 'sundress', 'sundresses'],
  Tops: [
    'top',
    'tops',
    'tee',
    'tees',
    't-shirt',
    't-shirts',
    'tshirt',
    'tank',
    'tanks',
    'camisole',
    'cami',
    'sweater',
    'sweaters',
    'knit',
    'knitwear',
    'cardigan',
    'cardigans',
    'bodysuit',
  ],
  Shoes: [
    'shoe',
    'shoes',
    'heel',
    'heels',
    'sneaker',
    'sneakers',
    'trainer',
    'trainers',
    'boot',
    'boots',
    'loafer',
    'loafers',
    'sandal',
    'sandals',
    'flats',
    'pumps',
    'footwear',
  ],
};

/**
 * Words that name a category's piece inside an item's name, for pieces filed elsewhere: the
 * blazer of a work outfit is a jacket too. Only words that cannot be part of another garment's
 * name ("shirt" is in "sweatshirt", so shirts are left out).
 */
export const CATEGORY_NAME_TERMS: Partial<Record<Category, readonly string[]>> = {
  Jackets: ['jacket', 'blazer', 'coat', 'parka', 'bomber'],
  Dresses: ['dress', 'gown'],
  Skirts: ['skirt'],
  Pants: ['trousers', 'jeans', 'chinos'],
};

const COLOUR_WORDS: Record<Colour, readonly string[]> = {
  black: ['black', 'noir'],
  white: ['white'],
  cream: ['cream', 'off-white'],
  ivory: ['ivory'],
  beige: ['beige', 'nude'],
  camel: ['camel'],
  tan: ['tan'],
  brown: ['brown', 'chocolate'],
  grey: ['grey', 'gray', 'charcoal'],
  navy: ['navy'],
  blue: ['blue', 'denim blue'],
  red: ['red', 'scarlet', 'crimson'],
  burgundy: ['burgundy', 'wine', 'maroon'],
  pink: ['pink', 'blush', 'rose'],
  peach: ['peach'],
  orange: ['orange'],
  yellow: ['yellow', 'mustard'],
  green: ['green', 'emerald'],
  olive: ['olive'],
  khaki: ['khaki'],
  purple: ['purple', 'violet'],
  lilac: ['lilac', 'lavender'],
  silver: ['silver'],
  gold: ['gold', 'golden'],
  taupe: ['taupe'],
};

/**
 * The words an item's colour field or name may contain for each colour (used by the server's
 * query). "grey" also finds "gray".
 */
export const COLOUR_MATCH_TERMS: Record<Colour, readonly string[]> = {
  ...(Object.fromEntries(COLOURS.map((c) => [c, [c] as readonly string[]])) as Record<Colour, readonly string[]>),
  grey: ['grey', 'gray'],
  cream: ['cream', 'off-white'],
};

const GENDER_WORDS: Record<ItemGender, readonly string[]> = {
  Women: [
    'women',
    'woman',
    'womens',
    "women's",
    'womenswear',
    'ladies',
    'lady',
    "ladies'",
    'female',
    'feminine',
    'girls',
    'her',
  ],
  Men: ['men', 'man', 'mens', "men's", 'menswear', 'male', 'masculine', 'gentlemen', 'gents', 'guys', 'him'],
};

/** The words members use for each of the assistant's occasions (also words a search never corrects away: the catalogue's search). */
export const OCCASION_WORDS: Record<Occasion, readonly string[]> = {
  work: [
    'work',
    'office',
    'business',
    'meeting',
    'meetings',
    'interview',
    'professional',
    'corporate',
    'workwear',
    'work outfit',
  ],
  party: [
    'party',
    'parties',
    'cocktail',
    'cocktails',
    'gala',
    'night out',
    'evening',
    'celebration',
    'birthday',
    'wedding',
    'club',
    'clubbing',
  ],
  hiking: [
    'hiking',
    'hike',
    'hikes',
    'trek',
    'trekking',
    'mountain',
    'mountains',
    'trail',
    'trails',
    'camping',
    'outdoors',
    'outdoor',
  ],
  summer: ['summer', 'summery', 'beach', 'vacation', 'holiday', 'holidays', 'sunny', 'poolside', 'resort'],
};

// A budget: "under $10", "below 20", "less than $15.50", "up to 30 dollars", "max $12",
// "no more than $8", "cheaper than 9", "budget of $25", "$10 or less", "$10 max".
const CURRENCY_AMOUNT = String.raw`(?:\$|usd\s*|£|€)?\s*(\d{1,6}(?:\.\d{1,2})?)\s*(?:dollars?|usd|bucks)?`;
const BUDGET_BEFORE = new RegExp(
  String.raw`(?:under|below|beneath|less than|lower than|cheaper than|up to|upto|at most|max(?:imum)?|no more than|not more than|budget(?: of| is)?|<=?)\s*` +
    CURRENCY_AMOUNT,
  'i',
);
const BUDGET_AFTER = new RegExp(
  String.raw`(?:\$|usd\s*)\s*(\d{1,6}(?:\.\d{1,2})?)\s*(?:or less|or under|or below|max(?:imum)?|tops)\b`,
  'i',
);

/** Lower-cases, unifies apostrophes and dashes, and squeezes spaces so word lists can match. */
export function normaliseMessage(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where a word or phrase first occurs as whole words (letters/digits on neither side), or -1. */
function findPhrase(text: string, phrase: string): number {
  const re = new RegExp(`(?<![a-z0-9'-])${escapeRegExp(phrase)}(?![a-z0-9-])`, 'i');
  const m = re.exec(text);
  return m ? m.index : -1;
}

/**
 * Among a table of keys -> words, the key whose word occurs earliest in the text (a longer
 * phrase wins at the same position). Returns undefined when none occurs.
 */
function firstMatch<K extends string>(text: string, table: Record<K, readonly string[]>): K | undefined {
  let best: { key: K; at: number; len: number } | undefined;
  for (const key of Object.keys(table) as K[]) {
    for (const word of table[key]) {
      const at = findPhrase(text, word);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && word.length > best.len)) best = { key, at, len: word.length };
    }
  }
  return best?.key;
}

/** The budget phrase in the text: its amount in cents and where it sits. */
function findBudget(text: string): { cents: number; at: number; length: number } | undefined {
  const m = BUDGET_BEFORE.exec(text) ?? BUDGET_AFTER.exec(text);
  if (!m?.[1]) return undefined;
  const cents = parseCents(m[1]) ?? Number.NaN;
  return Number.isFinite(cents) ? { cents, at: m.index, length: m[0].length } : undefined;
}

/** The budget in cents, or undefined. "under $10" -> 1000 (read as "at most"). */
export function parseBudgetCents(message: string): number | undefined {
  return findBudget(normaliseMessage(message))?.cents;
}

function blank(text: string, at: number, length: number): string {
  return text.slice(0, at) + ' '.repeat(length) + text.slice(at + length);
}

/**
 * Reads a message for what the member wants. `brands` are the catalogue's brand names (the
 * match is whole-word and case-insensitive, and returns the catalogue's spelling).
 */
export function parseAssistantMessage(message: string, brands: readonly string[] = []): AssistantFilters {
  const text = normaliseMessage(message);
  const filters: AssistantFilters = {};

  // Brands first, and their words are blanked out, so "North Face" is not read as anything else
  // and a brand like "Black Label" does not also count as a colour.
  let rest = text;
  const sortedBrands = [...new Set(brands)].sort((a, b) => b.length - a.length);
  for (const brand of sortedBrands) {
    const needle = normaliseMessage(brand);
    if (!needle) continue;
    const at = findPhrase(rest, needle);
    if (at >= 0) {
      filters.brand = brand;
      rest = blank(rest, at, needle.length);
      break;
    }
  }

  // The budget's words are blanked too, so "$10 tops" is a budget, not a category.
  const budget = findBudget(rest);
  if (budget) {
    filters.maxPriceCents = budget.cents;
    rest = blank(rest, budget.at, budget.length);
  }

  const category = firstMatch(rest, CATEGORY_WORDS);
  if (category) filters.category = category;
  const colour = firstMatch(rest, COLOUR_WORDS);
  if (colour) filters.colour = colour;
  const gender = firstMatch(rest, GENDER_WORDS);
  if (gender) filters.gender = gender;
  const occasion = firstMatch(rest, OCCASION_WORDS);
  if (occasion) filters.occasion = occasion;
  return filters;
}

/** True when the message gave the assistant anything to search for. */
export function hasFilters(filters: AssistantFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}

/**
 * One of the four canned replies. Picked by a hash of the message so
 * the answer is reproducible (and still varies from message to message).
 */
export function cannedReplyFor(message: string): string {
  let h = 0;
  for (const ch of normaliseMessage(message)) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return CANNED_REPLIES[h % CANNED_REPLIES.length]!;
}

function formatBudget(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

const CATEGORY_PHRASE: Record<Category, string> = {
  Jackets: 'jackets',
  Pants: 'pants',
  Accessories: 'accessories',
  Sets: 'sets',
  'Work Outfit': 'work outfits',
  Skirts: 'skirts',
  Hoodies: 'hoodies',
  Shirts: 'shirts',
  'Mountain Outfit': 'mountain outfits',
  Dresses: 'dresses',
  Tops: 'tops',
  Shoes: 'shoes',
};

const OCCASION_PHRASE: Record<Occasion, string> = {
  work: 'for work',
  party: 'for a party',
  hiking: 'for hiking',
  summer: 'for summer',
};

/**
 * The filters in words: "black jackets by Zara for women for work under $10".
 * Used in the reply so the member sees what was understood.
 */
export function describeFilters(f: AssistantFilters): string {
  const parts: string[] = [];
  if (f.colour) parts.push(f.colour);
  parts.push(f.category ? CATEGORY_PHRASE[f.category] : 'pieces');
  if (f.brand) parts.push(`by ${f.brand}`);
  if (f.gender) parts.push(`for ${f.gender.toLowerCase()}`);
  if (
    f.occasion &&
    !(f.occasion === 'work' && f.category === 'Work Outfit') &&
    !(f.occasion === 'hiking' && f.category === 'Mountain Outfit')
  ) {
    parts.push(OCCASION_PHRASE[f.occasion]);
  }
  if (f.maxPriceCents !== undefined) parts.push(`under ${formatBudget(f.maxPriceCents)}`);
  return parts.join(' ');
}

/**
 * Whether the message's occasion narrows the search or only orders it. With a kind of piece
 * (category or colour) the occasion is a preference: "black jackets for work" shows the black
 * jackets, the ones made for work first, instead of nothing when none is tagged for work.
 * Alone (or with gender, brand, budget) it is the search itself: "what can I wear to work?".
 */
export function occasionIsPreference(filters: AssistantFilters): boolean {
  return filters.occasion !== undefined && (filters.category !== undefined || filters.colour !== undefined);
}

/**
 * The text of an answer for understood filters and the number of items found. `forOccasion` is
 * how many of them suit the asked occasion, when the occasion only ordered them
 * (occasionIsPreference); when none does, the reply says so instead of claiming they do.
 */
export function matchReply(filters: AssistantFilters, found: number, forOccasion?: number): string {
  if (found > 0 && filters.occasion && forOccasion === 0) {
    const what = describeFilters({ ...filters, occasion: undefined });
    const occasion = OCCASION_PHRASE[filters.occasion];
    return found === 1
      ? `Here is one of our ${what}. It isn't cut ${occasion} in particular, but it styles well:`
      : `Here are ${found} ${what}. None is cut ${occasion} in particular, but they style well:`;
  }
  const what = describeFilters(filters);
  if (found === 0) {
    return `I couldn't find ${what} in the collection right now. Try a wider budget or another colour, or browse everything.`;
  }
  return found === 1
    ? `Here is one of our ${what} I think you'll love:`
    : `Here are ${found} ${what} I think you'll love:`;
}
