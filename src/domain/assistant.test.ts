import { describe, expect, it } from 'vitest';
import {
  AssistantMessageRequestSchema,
  CANNED_REPLIES,
  MAX_ASSISTANT_MESSAGE_LENGTH,
  cannedReplyFor,
  describeFilters,
  hasFilters,
  matchReply,
  parseAssistantMessage,
  parseBudgetCents,
  type AssistantFilters,
} from './assistant';

const BRANDS = [
  'Nike',
  'The North Face',
  'North Face Kids',
  'Columbia',
  'Tommy Jeans',
  'Gucci',
  'Max Mara',
  'Levi’s',
  'Red Valentino',
];

/** message -> the filters it must give (exactly: anything not listed must be absent). */
const TABLE: [string, AssistantFilters][] = [
  ['black jackets under $10', { category: 'Jackets', colour: 'black', maxPriceCents: 1000 }],
  ['Black Jackets under $10', { category: 'Jackets', colour: 'black', maxPriceCents: 1000 }],
  ['a jacket', { category: 'Jackets' }],
  ['something below 20', { maxPriceCents: 2000 }],
  ['less than $15.50 please', { maxPriceCents: 1550 }],
  ['up to 30 dollars', { maxPriceCents: 3000 }],
  ['no more than $8.5', { maxPriceCents: 850 }],
  ['$12 or less', { maxPriceCents: 1200 }],
  ['a top, $10 tops', { category: 'Tops', maxPriceCents: 1000 }],
  ['my budget is $25', { maxPriceCents: 2500 }],
  ['a red dress for a party', { category: 'Dresses', colour: 'red', occasion: 'party' }],
  ['summer dresses for women', { category: 'Dresses', occasion: 'summer', gender: 'Women' }],
  ["men's hiking outfit", { category: 'Mountain Outfit', gender: 'Men', occasion: 'hiking' }],
  ['something for hiking', { occasion: 'hiking' }],
  ['what should I wear to work?', { occasion: 'work' }],
  ['a work outfit for women', { category: 'Work Outfit', occasion: 'work', gender: 'Women' }],
  ['Workwear for women', { category: 'Work Outfit', occasion: 'work', gender: 'Women' }],
  ['office clothes for men', { occasion: 'work', gender: 'Men' }],
  ['a cosy hoodie', { category: 'Hoodies' }],
  ['grey sweatshirt', { category: 'Hoodies', colour: 'grey' }],
  ['gray sweatshirt', { category: 'Hoodies', colour: 'grey' }],
  ['a white t-shirt', { category: 'Tops', colour: 'white' }],
  ['heels for a wedding', { category: 'Shoes', occasion: 'party' }],
  ['sneakers', { category: 'Shoes' }],
  ['boots under 40', { category: 'Shoes', maxPriceCents: 4000 }],
  ['a skirt', { category: 'Skirts' }],
  ['silk blouse', { category: 'Shirts' }],
  ['jeans for him', { category: 'Pants', gender: 'Men' }],
  ['a bag for her', { category: 'Accessories', gender: 'Women' }],
  ['matching sets for the beach', { category: 'Sets', occasion: 'summer' }],
  ['Nike hoodies', { brand: 'Nike', category: 'Hoodies' }],
  ['anything from the north face', { brand: 'The North Face' }],
  ['TOMMY JEANS', { brand: 'Tommy Jeans' }],
  ['a Max Mara coat', { brand: 'Max Mara', category: 'Jackets' }],
  ['Red Valentino', { brand: 'Red Valentino' }],
  ['Levi’s jeans', { brand: 'Levi’s', category: 'Pants' }],
  ['women jackets', { category: 'Jackets', gender: 'Women' }],
  ['menswear', { gender: 'Men' }],
  ['hello there', {}],
  ['what do you recommend?', {}],
  ['I love sunset colours', {}],
  ['', {}],
];

describe('parseAssistantMessage', () => {
  it.each(TABLE)('%s', (message, expected) => {
    expect(parseAssistantMessage(message, BRANDS)).toEqual(expected);
  });

  it('finds no brand when the catalogue has none', () => {
    expect(parseAssistantMessage('Nike hoodies')).toEqual({ category: 'Hoodies' });
  });

  it('reads the first category and colour mentioned', () => {
    expect(parseAssistantMessage('a navy blazer or a black dress')).toMatchObject({
      category: 'Jackets',
      colour: 'navy',
    });
  });
});

describe('parseBudgetCents', () => {
  it.each([
    ['under $10', 1000],
    ['below 20', 2000],
    ['less than $15.50', 1550],
    ['under $9.99', 999],
    ['cheaper than 7', 700],
    ['max $12', 1200],
    ['nothing here', undefined],
    ['under the sea', undefined],
  ])('%s -> %s', (text, cents) => {
    expect(parseBudgetCents(text)).toBe(cents);
  });
});

describe('replies', () => {
  it('uses one of the four canned replies, the same one for the same message', () => {
    expect(CANNED_REPLIES).toHaveLength(4);
    const a = cannedReplyFor('hello there');
    expect(CANNED_REPLIES).toContain(a);
    expect(cannedReplyFor('Hello   THERE')).toBe(a);
    const seen = new Set(
      ['hi', 'hello', 'what now', 'tell me more', 'thanks', 'ok', 'nice', 'hmm'].map(cannedReplyFor),
    );
    expect(seen.size).toBeGreaterThan(1);
  });

  it('describes the filters it understood', () => {
    expect(describeFilters({ category: 'Jackets', colour: 'black', maxPriceCents: 1000 })).toBe(
      'black jackets under $10',
    );
    expect(describeFilters({ occasion: 'party', gender: 'Women', maxPriceCents: 1550 })).toBe(
      'pieces for women for a party under $15.50',
    );
    expect(describeFilters({ category: 'Mountain Outfit', occasion: 'hiking' })).toBe('mountain outfits');
    expect(matchReply({ category: 'Jackets', colour: 'black', maxPriceCents: 1000 }, 2)).toBe(
      "Here are 2 black jackets under $10 I think you'll love:",
    );
    expect(matchReply({ brand: 'Gucci' }, 0)).toMatch(/^I couldn't find pieces by Gucci/);
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ maxPriceCents: 0 })).toBe(true);
  });
});

describe('AssistantMessageRequestSchema', () => {
  it('refuses blank and over-long messages and trims the rest', () => {
    expect(AssistantMessageRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(
      AssistantMessageRequestSchema.safeParse({ message: 'x'.repeat(MAX_ASSISTANT_MESSAGE_LENGTH + 1) }).success,
    ).toBe(false);
    expect(AssistantMessageRequestSchema.parse({ message: '  hi  ' })).toEqual({ message: 'hi' });
  });
});
