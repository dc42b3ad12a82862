/** docs/product.md, Messages and timings: an outfit card of the home carousel (sample data, not catalogue rows). */
export interface Outfit {
  id: number;
  name: string;
  creator: string;
  items: string[];
  image: string;
  likes: number;
  /** One line on the look, in the stylist's words. */
  note: string;
  category: 'Professional' | 'Casual Cool' | 'Evening' | 'Casual';
}

export const OUTFITS: Outfit[] = [
  {
    id: 1,
    name: 'The Boardroom Edit',
    note: 'Camel tailoring over clean black lines: quietly powerful from the first meeting to the last.',
    creator: 'Amelia Hart',
    category: 'Professional',
    likes: 342,
    image: '/home/outfit-professional.svg',
    items: [
      'Max Mara Camel Wool Blazer',
      'Theory Tailored Trousers',
      'Gucci Horsebit Loafers',
      'Mulberry Leather Tote',
    ],
  },
  {
    id: 2,
    name: 'Weekend in Soho',
    note: 'A washed field jacket, a Breton stripe and straight denim for long days in the city.',
    creator: 'Jordan Kim',
    category: 'Casual Cool',
    likes: 287,
    image: '/home/outfit-casual-cool.svg',
    items: ['Acne Studios Field Jacket', 'A.P.C. Striped Tee', 'Levi’s 501 Jeans', 'Common Projects Sneakers'],
  },
  {
    id: 3,
    name: 'Midnight Gala',
    note: 'Liquid satin in deep clay, finished with gold: made for the last dance.',
    creator: 'Sofia Marin',
    category: 'Evening',
    likes: 516,
    image: '/home/outfit-evening.svg',
    items: [
      'Saint Laurent Satin Gown',
      'Bottega Veneta Knot Clutch',
      'Jimmy Choo Satin Heels',
      'Cartier Drop Earrings',
      'Chloé Silk Wrap',
    ],
  },
  {
    id: 4,
    name: 'Sunday Market',
    note: 'Soft layers in warm tones for coffee, flowers and a slow walk home.',
    creator: 'Noah Laurent',
    category: 'Casual',
    likes: 198,
    image: '/home/outfit-casual.svg',
    items: ['Nike Peach Zip-Up Hoodie', 'Levi’s Straight Jeans', 'Veja Canvas Sneakers'],
  },
];

/** "First, Second +2 more": the first two item names and how many more there are. */
export function outfitItemSummary(items: readonly string[]): { shown: string[]; more: number } {
  return { shown: items.slice(0, 2), more: Math.max(0, items.length - 2) };
}
