/**
 * The words the assistant reads a message with: for each category, colour, gender and occasion,
 * the words and phrases members use for it.
 */
import type { Category, ItemGender } from './catalogue';
import { type Colour, COLOURS, type Occasion } from './assistant-contract';

// Word lists. Phrases are matched on whole words, longest first, so "t-shirt" is a top and
// "sweatshirt" a hoodie, never a shirt.
export const CATEGORY_WORDS: Record<Category, readonly string[]> = {
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

export const COLOUR_WORDS: Record<Colour, readonly string[]> = {
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

export const GENDER_WORDS: Record<ItemGender, readonly string[]> = {
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
