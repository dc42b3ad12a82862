/**
 * What each house piece looks like, for its generated pictures (stored in items.look by the
 * catalogue seed). The name and category say the rest: a descriptor gives the cut, length,
 * neckline, sleeves, fabric, print, colours and details the name does not. An outfit lists its
 * pieces; 'worn' layers them on the figure, 'pieces' lays a suit or a set out side by side.
 */
import type { Look } from '../../../pictures';

export const LOOKS: Record<number, Look> = {
  // Jackets
  2: { type: 'coat', cut: 'wrap', fabric: 'wool', hardware: 'gold' },
  3: { type: 'jacket', cut: 'biker', fabric: 'leather', hardware: 'silver' },
  4: { type: 'jacket', cut: 'quilted', fabric: 'quilted', collar: 'corduroy', colour2: 'brown', hardware: 'gold' },
  6: { type: 'jacket', cut: 'blazer', closure: 'double', collar: 'peak', fabric: 'wool', hardware: 'gold' },
  7: { type: 'jacket', cut: 'field', fabric: 'twill', collar: 'corduroy', colour2: 'chocolate', hardware: 'horn' },
  8: { type: 'jacket', cut: 'denim', fabric: 'denim', hardware: 'gold' },
  9: { type: 'jacket', cut: 'tweed', fabric: 'tweed', colour2: 'ivory', hardware: 'pearl' },

  // Pants
  10: { type: 'trousers', cut: 'wide', fabric: 'crepe' },
  11: { type: 'trousers', cut: 'pleated', fabric: 'linen', details: ['paper-bag'] },
  12: { type: 'trousers', cut: 'slim', fabric: 'twill', length: 'ankle' },
  14: { type: 'trousers', cut: 'cargo', fabric: 'ripstop' },
  15: { type: 'trousers', cut: 'slip', fabric: 'satin' },
  16: { type: 'trousers', cut: 'jeans', fabric: 'denim', length: 'ankle', hardware: 'gold' },

  // Accessories
  17: { type: 'bag', cut: 'shoulder', fabric: 'woven', details: ['padded'], hardware: 'gold' },
  18: { type: 'belt', fabric: 'leather', hardware: 'gold', details: ['horsebit'] },
  19: { type: 'bag', cut: 'basket', fabric: 'raffia', colour: 'straw', colour2: 'tan', hardware: 'gold' },
  20: { type: 'bag', cut: 'clutch', fabric: 'crystal', hardware: 'silver' },
  21: { type: 'scarf', fabric: 'cashmere', print: 'check', colour2: 'red' },
  23: { type: 'sunglasses', fabric: 'acetate', print: 'tortoise', colour: 'tortoiseshell' },

  // Sets: laid out as pieces
  24: { type: 'shirt', layout: 'pieces', pieces: [{ type: 'shirt', fit: 'oversized', fabric: 'linen', hem: 'scallop' }, { type: 'shorts', fabric: 'linen', hem: 'scallop' }] },
  25: { type: 'knit', layout: 'pieces', pieces: [{ type: 'knit', cut: 'cardigan', length: 'crop', fabric: 'knit', colour2: 'cream' }, { type: 'top', cut: 'tank', fabric: 'rib' }] },
  26: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'track', fabric: 'jersey', colour2: 'white' }, { type: 'trousers', cut: 'joggers', fabric: 'jersey' }] },
  27: { type: 'shirt', layout: 'pieces', pieces: [{ type: 'shirt', fabric: 'satin', colour2: 'cream', details: ['piping'] }, { type: 'trousers', cut: 'wide', fabric: 'satin' }] },
  28: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'blazer', collar: 'peak', fabric: 'wool', colour2: 'black', details: ['satin-lapels'] }, { type: 'trousers', cut: 'tailored', fabric: 'wool', colour2: 'black', details: ['side-stripe'] }] },

  // Work Outfit: suits as pieces, outfits worn
  29: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'blazer', fabric: 'wool' }, { type: 'trousers', cut: 'tailored', fabric: 'wool' }] },
  30: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'blazer', fabric: 'flannel', hardware: 'horn' }, { type: 'trousers', cut: 'tailored', fabric: 'flannel' }] },
  32: { type: 'jacket', layout: 'worn', pieces: [{ type: 'jacket', cut: 'blazer', fabric: 'wool', hardware: 'horn' }, { type: 'top', cut: 'tank', neckline: 'scoop', fabric: 'silk', colour: 'ivory' }, { type: 'trousers', cut: 'wide', fabric: 'wool' }] },
  33: { type: 'shirt', layout: 'worn', pieces: [{ type: 'shirt', colour: 'white', closure: 'hidden', fabric: 'poplin', pockets: 'none' }, { type: 'skirt', cut: 'pencil', length: 'knee', colour: 'black', fabric: 'wool' }] },
  34: { type: 'shirt', layout: 'worn', pieces: [{ type: 'shirt', colour: 'light blue', collar: 'button-down', fabric: 'poplin' }, { type: 'tie', colour: 'navy', fabric: 'knit' }, { type: 'trousers', cut: 'slim', colour: 'stone', fabric: 'twill' }] },
  35: { type: 'jumpsuit', cut: 'tuxedo', fabric: 'wool', colour2: 'black' },

  // Skirts
  36: { type: 'skirt', cut: 'slip', length: 'midi', fabric: 'satin' },
  37: { type: 'skirt', cut: 'pleated', length: 'midi', fabric: 'silk', hem: 'scallop' },
  38: { type: 'skirt', cut: 'a-line', length: 'mini', fabric: 'denim', hem: 'raw', hardware: 'gold' },
  39: { type: 'skirt', cut: 'wrap', length: 'mini', fabric: 'crepe', print: 'floral', colour2: 'red', hem: 'ruffle' },
  41: { type: 'skirt', cut: 'a-line', length: 'knee', fabric: 'suede', closure: 'buttons', pockets: 'patch', hardware: 'horn' },

  // Hoodies
  42: { type: 'hoodie', cut: 'pullover', collar: 'hood', fit: 'oversized', fabric: 'jersey', motifs: ['face'] },
  43: { type: 'hoodie', cut: 'zip', collar: 'hood', closure: 'zip', fabric: 'jersey', pockets: 'split', hardware: 'gunmetal' },
  44: { type: 'hoodie', cut: 'pullover', collar: 'hood', fabric: 'cable' },
  75: { type: 'hoodie', cut: 'zip', collar: 'hood', closure: 'zip', fabric: 'fleece', motifs: ['swoosh'], colour2: 'white' },
  76: { type: 'hoodie', cut: 'half-zip', collar: 'stand', closure: 'half-zip', fabric: 'sherpa', colour2: 'charcoal', pockets: 'chest' },
  77: { type: 'hoodie', cut: 'half-zip', collar: 'stand', closure: 'half-zip', fabric: 'fleece', colour2: 'charcoal', pockets: 'chest', details: ['overlays'] },
  78: { type: 'hoodie', cut: 'pullover', collar: 'hood', fit: 'relaxed', fabric: 'jersey', motifs: ['ramen'] },
  79: { type: 'hoodie', cut: 'crew', length: 'crop', fabric: 'jersey', motifs: ['flag'] },
  80: { type: 'hoodie', cut: 'crew', fabric: 'jersey', print: 'none', motifs: ['chest-stripes', 'swoosh'], colour2: 'navy' },
  81: { type: 'hoodie', cut: 'half-zip', collar: 'stand', closure: 'half-zip', fabric: 'fleece', pockets: 'chest', motifs: ['swoosh'], colour2: 'white' },
  82: { type: 'hoodie', cut: 'crew', fit: 'boxy', fabric: 'jersey', motifs: ['butterflies', 'script'], colour2: 'black' },
  83: { type: 'hoodie', cut: 'pullover', collar: 'hood', fit: 'oversized', fabric: 'jersey', motifs: ['wings'] },
  84: { type: 'hoodie', cut: 'half-zip', collar: 'stand', closure: 'half-zip', fabric: 'fleece', motifs: ['three-stripes'], colour2: 'cream' },

  // Shirts
  45: { type: 'shirt', fit: 'oversized', fabric: 'poplin' },
  46: { type: 'shirt', cut: 'classic', collar: 'button-down', fabric: 'poplin', print: 'stripes', colour: 'white', colour2: 'blue', motifs: ['pony'] },
  47: { type: 'shirt', cut: 'silk', collar: 'point', fabric: 'silk' },
  48: { type: 'shirt', cut: 'camp', fit: 'boxy', fabric: 'linen' },
  50: { type: 'shirt', cut: 'blouse', fabric: 'silk', neckline: 'bow' },
  51: { type: 'shirt', cut: 'western', fabric: 'denim', closure: 'snaps', colour2: 'cream', hardware: 'pearl' },

  // Mountain Outfit: laid out as pieces (a full-length figure is too small to read in a card)
  52: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'shell', fabric: 'nylon' }, { type: 'trousers', cut: 'hiking', fabric: 'nylon' }] },
  53: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'down', fabric: 'puffer' }, { type: 'trousers', cut: 'hiking', fabric: 'twill', colour: 'charcoal' }] },
  54: { type: 'jumpsuit', cut: 'ski', fabric: 'nylon' },
  55: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'wind', fabric: 'nylon' }, { type: 'trousers', cut: 'hiking', fabric: 'nylon', colour: 'stone', details: ['zip-off'] }] },
  56: { type: 'jacket', layout: 'pieces', pieces: [{ type: 'jacket', cut: 'fleece', fabric: 'sherpa', colour2: 'brown' }, { type: 'trousers', cut: 'hiking', fabric: 'twill', colour: 'charcoal' }] },

  // Dresses
  57: { type: 'dress', cut: 'slip', length: 'midi', fabric: 'silk' },
  59: { type: 'dress', cut: 'tiered', length: 'maxi', fabric: 'linen', print: 'floral', colour2: 'rose', sleeves: 'short', sleeveShape: 'puff', details: ['tie-back'] },
  60: { type: 'dress', cut: 'column', length: 'gown', fabric: 'crepe', sleeves: 'long', details: ['open-back'] },
  61: { type: 'dress', cut: 'a-line', length: 'midi', fabric: 'lace', sleeves: 'short', neckline: 'crew', hem: 'scallop', belt: 'self', colour2: 'black' },
  62: { type: 'dress', cut: 'bodycon', length: 'mini', fabric: 'satin', neckline: 'square', sleeves: 'short', sleeveShape: 'puff', details: ['tie-back'] },
  63: { type: 'dress', cut: 'sundress', length: 'midi', fabric: 'cotton', sleeves: 'straps' },
  64: { type: 'dress', cut: 'wrap', length: 'midi', fabric: 'velvet', sleeves: 'long', sleeveShape: 'blouson' },

  // Tops
  65: { type: 'top', cut: 'tank', fabric: 'rib' },
  66: { type: 'top', cut: 'corset', neckline: 'sweetheart', fabric: 'satin', sleeves: 'straps' },
  68: { type: 'top', cut: 'tee', fit: 'relaxed', fabric: 'linen', motifs: ['face'] },
  69: { type: 'top', cut: 'polo', fabric: 'knit', sleeves: 'short' },
  70: { type: 'top', cut: 'cami', fabric: 'sequin' },
  71: { type: 'top', cut: 'tee', fabric: 'jersey', motifs: ['logo'] },

  // Shoes
  72: { type: 'shoes', cut: 'boots', fabric: 'leather' },
  73: { type: 'shoes', cut: 'heels', fabric: 'leather', details: ['slingback'] },
  74: { type: 'shoes', cut: 'sneakers', fabric: 'leather', colour2: 'black' },
};
