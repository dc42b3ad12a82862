/** The landing page's marketing claims (docs/product.md, Messages and timings): not data rules. */
export const HOME_STATS = [
  { value: '5000+', label: 'Designer pieces' },
  { value: '250+', label: 'Designer brands' },
  { value: '15k+', label: 'Members' },
  { value: '100%', label: 'Eco-friendly' },
] as const;

/** The How It Works page's claimed figures (docs/product.md, Messages and timings). */
export const HOW_IT_WORKS_STATS = [
  { value: '5000+', label: 'Designer pieces' },
  { value: '50+', label: 'Premium brands' },
  { value: '1 day', label: 'Delivery' },
] as const;

export interface Testimonial {
  name: string;
  place: string;
  plan: 'Essential' | 'Premium' | 'Luxe';
  quote: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Charlotte Wren',
    place: 'London',
    plan: 'Essential',
    quote:
      'I wear something new to every client meeting and my wardrobe has never been calmer. The Essential plan paid for itself in the first month.',
  },
  {
    name: 'Daniel Okafor',
    place: 'New York',
    plan: 'Premium',
    quote:
      'Premium lets me rotate designer pieces all season long. Delivery is next-day, returns are effortless, and nothing sits unworn in my closet.',
  },
  {
    name: 'Priya Sharma',
    place: 'Toronto',
    plan: 'Luxe',
    quote:
      'With Luxe, my personal stylist builds looks I would never have found alone. It feels like having an atelier on call for every occasion.',
  },
];

/** The featured brands strip: six luxury houses. */
export const FEATURED_BRANDS = [
  'Gucci',
  'Prada',
  'Saint Laurent',
  'Valentino',
  'Balenciaga',
  'Bottega Veneta',
] as const;
