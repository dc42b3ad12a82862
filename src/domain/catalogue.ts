import { z } from 'zod';

/** Every category an item can have (SPEC 3 and 9). */
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
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** The two discovery-outfit categories (the Discovery Outfits tab). */
export const DISCOVERY_CATEGORIES = ['Work Outfit', 'Mountain Outfit'] as const satisfies readonly Category[];

export const ITEM_GENDERS = ['Women', 'Men'] as const;
export const ItemGenderSchema = z.enum(ITEM_GENDERS);
export type ItemGender = z.infer<typeof ItemGenderSchema>;

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export const NUMERIC_SIZES = ['40', '42', '44', '46', '48'] as const;
export const ONE_SIZE = 'One Size';
/** The size filter's options, in the SPEC's order (without "All"). */
export const SIZES = [...LETTER_SIZES, ONE_SIZE, ...NUMERIC_SIZES] as const;
export const SizeSchema = z.enum(SIZES);
export type Size = z.infer<typeof SizeSchema>;

/** Weekly rental price by category, in cents (SPEC 9); anything else is the default. */
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

/** One rental lasts 7 days; an extension adds 7 more (SPEC 9). */
export const RENTAL_DAYS = 7;
