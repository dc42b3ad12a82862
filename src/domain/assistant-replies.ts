/** The assistant's replies: a canned one when nothing was understood, else the filters in words. */
import type { Category } from './catalogue';
import { normaliseMessage } from './assistant-reader';
import { CANNED_REPLIES, type Occasion, type AssistantFilters } from './assistant-contract';

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
