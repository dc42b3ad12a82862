/**
 * The style assistant's contract: its fixed texts and limits, the occasions and colours it knows,
 * what a message asked for (the filters), and the request and reply the API and the web share.
 */
import { z } from 'zod';
import { CategorySchema, ItemGenderSchema } from './catalogue';

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
  'Sustainable style is our favorite kind: renting one outfit saves thousands of litres of water. What would you like to wear next?',
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

/** True when the message gave the assistant anything to search for. */
export function hasFilters(filters: AssistantFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
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
